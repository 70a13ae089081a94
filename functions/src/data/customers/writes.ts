import { randomUUID } from 'node:crypto';
import {
  accountOwnerChangeRefusal,
  DEFAULT_PAYMENT_TERMS_DAYS,
  creditAdjustmentRefusal,
  creditTermsRefusal,
  diffChanges,
  toCents,
  toDollars,
  type AddCustomerBody,
  type Customer,
  type UpdateCustomerBody,
} from '@bo/shared';
import { type Actor, BadRequestError, ConflictError, ForbiddenError } from '../../domain';
import { and, eq, transaction } from '../core';
import { logChange } from '../change-log';
import { defined } from '../defined';
import { type CustomerItem, customerEntity } from './entity';
import { getCustomerItem, ownerOf } from './reads';
import { CUSTOMER_FIELD_LABELS, type Owner, customerNotFound, termsFields, toCustomer, wireFields } from './records';

/** Every write is one transaction with its change-log entry (entityType `customer`, entityId = customer id). */

/** An account owner must be a user: 400 otherwise. */
async function checkOwner(id: string | undefined): Promise<Owner> {
  if (!id) return undefined;
  const owner = await ownerOf(id);
  if (!owner) throw new BadRequestError('Account owner not found');
  return owner;
}

export async function createCustomer(input: AddCustomerBody, by: Actor): Promise<Customer> {
  const owner = await checkOwner(input.accountOwnerID);
  const now = new Date().toISOString();
  const customerId = randomUUID();
  const item: CustomerItem = {
    ...input,
    customerId,
    creditCents: 0,
    owedCents: 0,
    customPricingCount: 0,
    version: 1,
    createdAt: now,
    modifiedOn: now,
  };
  const tx = transaction().put('customer', customerEntity, item, { ifAbsent: true });
  logChange(tx, {
    caller: by,
    entityType: 'customer',
    entityId: customerId,
    action: 'create',
    changes: diffChanges<Record<string, unknown>>(undefined, wireFields(item), CUSTOMER_FIELD_LABELS),
    at: now,
  });
  await tx.commit(() => new ConflictError('A customer with this id already exists'));
  return toCustomer(item, owner);
}

/** Changed fields (credit included), one transaction with the entry; optimistic on the customer's version. */
export async function updateCustomer(customerId: string, body: UpdateCustomerBody, by: Actor): Promise<Customer> {
  const before = await getCustomerItem(customerId);
  if (!before) throw customerNotFound();
  const refusal = accountOwnerChangeRefusal(before.accountOwnerID, body.accountOwnerID, by.roles);
  if (refusal) throw new ForbiddenError(refusal);
  const { creditAvailable, creditNote, creditLimit, paymentTermsDays, ...fields } = body;
  const creditCents = creditAvailable === undefined ? undefined : toCents(creditAvailable);
  const limitCents = creditLimit === undefined ? undefined : creditLimit === null ? null : toCents(creditLimit);
  const currentTerms = before.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
  const termsRefusal = creditTermsRefusal(
    { creditLimitCents: before.creditLimitCents, paymentTermsDays: currentTerms },
    { creditLimitCents: limitCents, paymentTermsDays },
    by.roles,
  );
  if (termsRefusal) throw new ForbiddenError(termsRefusal);
  const limitChanges = limitCents !== undefined && (limitCents ?? undefined) !== before.creditLimitCents;
  const termsChange = paymentTermsDays !== undefined && paymentTermsDays !== currentTerms;
  const creditRefusal = creditAdjustmentRefusal(before.creditCents, creditCents, creditNote, by.roles);
  if (creditRefusal?.status === 403) throw new ForbiddenError(creditRefusal.message);
  if (creditRefusal) throw new BadRequestError(creditRefusal.message);
  const changes = diffChanges<Record<string, unknown>>(
    { ...wireFields(before), ...termsFields(before) },
    {
      ...fields,
      ...(creditAvailable === undefined ? {} : { creditAvailable }),
      ...(limitChanges ? { creditLimit: limitCents === null ? '' : toDollars(limitCents!) } : {}),
      ...(termsChange ? { paymentTermsDays } : {}),
    },
    CUSTOMER_FIELD_LABELS,
  );
  const ownerChanged = body.accountOwnerID !== undefined && body.accountOwnerID !== before.accountOwnerID;
  const owner = ownerChanged ? await checkOwner(body.accountOwnerID) : await ownerOf(before.accountOwnerID);
  if (changes.length === 0) return toCustomer(before, owner);
  const now = new Date().toISOString();
  const adjusting = creditCents !== undefined && creditCents !== before.creditCents;
  const set: Partial<CustomerItem> = {
    ...fields,
    ...(adjusting ? { creditCents } : {}),
    ...(limitChanges && limitCents !== null ? { creditLimitCents: limitCents } : {}),
    ...(termsChange ? { paymentTermsDays } : {}),
    modifiedOn: now,
  };
  const removed = limitChanges && limitCents === null ? (['creditLimitCents'] as const) : [];
  const tx = transaction().update(
    'customer',
    customerEntity,
    { customerId },
    { set: defined(set), add: { version: 1 }, ...(removed.length ? { remove: [...removed] } : {}) },
    // Payments move the credit without the customer's version: a hand adjustment holds to the figure it read.
    {
      condition: adjusting
        ? and(eq('version', before.version), eq('creditCents', before.creditCents))
        : eq('version', before.version),
    },
  );
  logChange(tx, {
    caller: by,
    entityType: 'customer',
    entityId: customerId,
    action: 'update',
    changes,
    at: now,
    ...(adjusting ? { notes: creditNote!.trim() } : {}),
  });
  await tx
    .commit(() => new ConflictError('The customer changed while saving; reload and try again'))
    .catch(async (error: unknown) => {
      if (error instanceof ConflictError && !(await getCustomerItem(customerId))) throw customerNotFound();
      throw error;
    });
  const { creditLimitCents: _dropped, ...kept } = before;
  return toCustomer(
    { ...(removed.length ? kept : before), ...set, version: before.version + 1 } as CustomerItem,
    owner,
  );
}
