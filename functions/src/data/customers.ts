import { randomInt, randomUUID } from 'node:crypto';
import {
  diffChanges,
  toCents,
  toDollars,
  type AddCustomerBody,
  type Customer,
  type UpdateCustomerBody,
} from '@bo/shared';
import { BadRequestError, ConflictError, NotFoundError } from '../domain';
import { changeEntry } from './change-log';
import type { CustomPriceItem } from './entities/custom-price';
import type { CustomerItem } from './entities/customer';
import { db } from './service';
import { commitOrExplain, type Actor } from './transaction';
import { getUser, listUsers } from './users';

/**
 * Customers. Credit is integer cents in the table and dollars on the wire. Every write is one
 * transaction with its change-log entry (entityType `customer`, entityId = customer id).
 */

export const CUSTOMER_FIELD_LABELS = {
  customerName: 'Name',
  image: 'Image',
  contactName: 'Contact name',
  contactEmail: 'Contact email',
  contactPhone: 'Contact phone',
  contactTelegram: 'Telegram',
  address: 'Address',
  website: 'Website',
  commpref: 'Preferred contact',
  type: 'Customer type',
  orderType: 'Order type',
  accountOwnerID: 'Account owner',
  notes: 'Notes',
  priceAdjustment: 'Price adjustment',
  creditAvailable: 'Credit available',
  autoRefreshPricing: 'Automatic price refresh',
} as const;

export const customerNotFound = () => new NotFoundError('Customer not found');

type Owner = { name: string } | undefined;

const OPTIONAL_TEXT = [
  'image',
  'contactName',
  'contactEmail',
  'contactPhone',
  'contactTelegram',
  'address',
  'website',
  'accountOwnerID',
  'notes',
  'tgAccessCode',
] as const;

/** The customer as the API returns it (dollars; empty optional texts left out; the owner's name joined). */
export function toCustomer(item: CustomerItem, owner?: Owner): Customer {
  const optional: Partial<Customer> = {};
  for (const key of OPTIONAL_TEXT) if (item[key]) optional[key] = item[key];
  return {
    id: item.customerId,
    customerName: item.customerName,
    ...optional,
    commpref: item.commpref,
    type: item.type,
    orderType: item.orderType,
    ...(owner ? { accountOwner: { name: owner.name } } : {}),
    priceAdjustment: item.priceAdjustment,
    creditAvailable: toDollars(item.creditCents),
    autoRefreshPricing: item.autoRefreshPricing,
    customPricingCount: item.customPricingCount,
    createdAt: item.createdAt,
    modifiedOn: item.modifiedOn,
  };
}

/** The wire (dollar) view of the tracked fields, for change-log diffs. */
const wireFields = (item: Partial<CustomerItem>): Record<string, unknown> => {
  const { creditCents, ...rest } = item;
  return { ...rest, ...(creditCents === undefined ? {} : { creditAvailable: toDollars(creditCents) }) };
};

/** The account owner's name (a Get of the user), when the customer has one. */
export const ownerOf = async (id: string | undefined): Promise<Owner> => {
  if (!id) return undefined;
  const user = await getUser(id);
  return user ? { name: user.name } : undefined;
};

/** An account owner must be a user: 400 otherwise. */
async function checkOwner(id: string | undefined): Promise<Owner> {
  if (!id) return undefined;
  const owner = await ownerOf(id);
  if (!owner) throw new BadRequestError('Account owner not found');
  return owner;
}

export async function getCustomerItem(customerId: string): Promise<CustomerItem | undefined> {
  const { data } = await db().entities.customer.get({ customerId }).go();
  return data ?? undefined;
}

/** A customer and every custom price it has: one Query of the customer's partition (all pages). */
export async function getCustomerWithPriceItems(
  customerId: string,
): Promise<{ customer: CustomerItem; prices: CustomPriceItem[] } | undefined> {
  const { data } = await db().collections.customerPricing({ customerId }).go({ pages: 'all' });
  const customer = data.customer[0];
  return customer ? { customer, prices: data.customPrice } : undefined;
}

export async function getCustomer(customerId: string): Promise<Customer | undefined> {
  const item = await getCustomerItem(customerId);
  return item ? toCustomer(item, await ownerOf(item.accountOwnerID)) : undefined;
}

/** Every customer item, by name (one Query of the customers' GSI partition, all pages). */
export async function listCustomerItems(): Promise<CustomerItem[]> {
  const { data } = await db().entities.customer.query.all({}).go({ pages: 'all' });
  return data.sort((a, b) => a.customerName.localeCompare(b.customerName, 'en-US'));
}

/** Every customer by name, with the account owners' names (one Query of users beside it). */
export async function listCustomers(): Promise<Customer[]> {
  const [items, users] = await Promise.all([listCustomerItems(), listUsers()]);
  const names = new Map(users.map((u) => [u.id, { name: u.name }]));
  return items.map((item) => toCustomer(item, item.accountOwnerID ? names.get(item.accountOwnerID) : undefined));
}

export async function createCustomer(input: AddCustomerBody, by: Actor): Promise<Customer> {
  const owner = await checkOwner(input.accountOwnerID);
  const now = new Date().toISOString();
  const customerId = randomUUID();
  const item: CustomerItem = {
    ...input,
    customerId,
    creditCents: 0,
    customPricingCount: 0,
    version: 1,
    createdAt: now,
    modifiedOn: now,
  };
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ customer, changeLog }) => [
          customer.create(item).commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'customer',
                entityId: customerId,
                action: 'create',
                changes: diffChanges<Record<string, unknown>>(undefined, wireFields(item), CUSTOMER_FIELD_LABELS),
                at: now,
              }),
            )
            .commit(),
        ])
        .go(),
    () => new ConflictError('A customer with this id already exists'),
  );
  return toCustomer(item, owner);
}

/** Changed fields (credit included), one transaction with the entry; optimistic on the customer's version. */
export async function updateCustomer(customerId: string, body: UpdateCustomerBody, by: Actor): Promise<Customer> {
  const before = await getCustomerItem(customerId);
  if (!before) throw customerNotFound();
  const changes = diffChanges<Record<string, unknown>>(wireFields(before), body, CUSTOMER_FIELD_LABELS);
  const ownerChanged = body.accountOwnerID !== undefined && body.accountOwnerID !== before.accountOwnerID;
  const owner = ownerChanged ? await checkOwner(body.accountOwnerID) : await ownerOf(before.accountOwnerID);
  if (changes.length === 0) return toCustomer(before, owner);
  const { creditAvailable, ...fields } = body;
  const now = new Date().toISOString();
  const set: Partial<CustomerItem> = {
    ...fields,
    ...(creditAvailable === undefined ? {} : { creditCents: toCents(creditAvailable) }),
    modifiedOn: now,
  };
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ customer, changeLog }) => [
          customer
            .patch({ customerId })
            .set(set)
            .add({ version: 1 })
            .where(({ version }, { eq }) => eq(version, before.version))
            .commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'customer',
                entityId: customerId,
                action: 'update',
                changes,
                at: now,
              }),
            )
            .commit(),
        ])
        .go(),
    () => new ConflictError('The customer changed while saving; reload and try again'),
  ).catch(async (error: unknown) => {
    if (error instanceof ConflictError && !(await getCustomerItem(customerId))) throw customerNotFound();
    throw error;
  });
  return toCustomer({ ...before, ...set, version: before.version + 1 } as CustomerItem, owner);
}

/** No 0/O or 1/I/L: read aloud or typed into Telegram without mistakes. */
const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const ACCESS_CODE_LENGTH = 8;

/** A fresh random access code from the system's CSPRNG (crypto.randomInt). */
export const newAccessCode = (): string =>
  Array.from({ length: ACCESS_CODE_LENGTH }, () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)]).join(
    '',
  );

/**
 * Gives the customer a fresh `tgAccessCode`. The change-log entry records that the code changed but
 * not the code (the log is readable by every role).
 */
export async function generateAccessCode(customerId: string, by: Actor): Promise<string> {
  const accessCode = newAccessCode();
  const now = new Date().toISOString();
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ customer, changeLog }) => [
          customer
            .patch({ customerId })
            .set({ tgAccessCode: accessCode, modifiedOn: now })
            .add({ version: 1 })
            .commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'customer',
                entityId: customerId,
                action: 'update',
                changes: [{ name: 'Access code', field: 'tgAccessCode', action: 'update' }],
                at: now,
              }),
            )
            .commit(),
        ])
        .go(),
    (failed) => (failed.includes(0) ? customerNotFound() : new ConflictError('The customer changed; try again')),
  );
  return accessCode;
}

export async function getAvailableCredit(customerId: string): Promise<number> {
  const item = await getCustomerItem(customerId);
  if (!item) throw customerNotFound();
  return toDollars(item.creditCents);
}
