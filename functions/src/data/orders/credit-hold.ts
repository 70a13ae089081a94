import {
  DEFAULT_PAYMENT_TERMS_DAYS,
  type CreditExposure,
  type CreditStatus,
  type CreditHold,
  creditHoldReason,
  owedCeiling,
  formatUsd,
  overLimitReason,
  toDollars,
} from '@bo/shared';
import { type Transaction, lte, query } from '../core';
import { type CustomerItem, customerEntity } from '../customers/entity';
import { type OrderHeaderItem, orderEntity, owedOf } from './entity';

/**
 * Credit holds at order entry (issue 23, section 2), as the order writes use them. What a customer owes is kept on
 * the customer (`owedCents`) by every order and payment write, an ADD in the same transaction; a submit that
 * goes through without a hold carries the condition "owed ≤ limit − this order", so of two submits racing under
 * the limit one fails its condition and is saved again, on hold (`commitWithHold`).
 */

export const OWED = 'customer owed';

/** What the customer owes and their oldest unpaid order (one single-item Query of the `owing` index). */
export async function exposureOf(customer: CustomerItem): Promise<CreditExposure> {
  const { items } = await query(
    orderEntity,
    'owing',
    {},
    { sort: { begins: { customerID: customer.customerId } }, limit: 1 },
  );
  const oldest = items[0];
  return {
    owedCents: customer.owedCents ?? 0,
    oldestOpen: oldest ? { orderNum: oldest.orderNum, createdAt: oldest.createdAt } : undefined,
  };
}

export interface HoldPlan {
  /** The hold to save the order with, if any. */
  hold?: CreditHold;
  /** The owed figure the customer must not be above for the order to go through unheld (a limit is set). */
  ceiling?: number;
}

/**
 * Whether a write that raises what the customer owes by `added` (an order's submit or a larger total) holds the
 * order. An order already on hold stays so; a draft, or a write that adds nothing, is never held.
 */
export async function planHold(
  customer: CustomerItem,
  order: Pick<OrderHeaderItem, 'orderStatus' | 'creditHold'>,
  added: number,
  at: string,
): Promise<HoldPlan> {
  if (order.creditHold) return { hold: order.creditHold };
  // A draft owes nothing; a write that adds nothing is never held (the shared rule says so too): no reads.
  if (order.orderStatus === 'DRAFT' || added <= 0) return {};
  const terms = termsOf(customer);
  const exposure = await exposureOf(customer);
  // The limit counts what this write adds; the rest of the order was counted before.
  const reason = creditHoldReason(terms, exposure, added, at.slice(0, 10));
  if (reason) return { hold: { reason, since: at } };
  const ceiling = owedCeiling(terms, added);
  return ceiling === undefined ? {} : { ceiling };
}

export const termsOf = (customer: CustomerItem) => ({
  creditLimitCents: customer.creditLimitCents ?? null,
  paymentTermsDays: customer.paymentTermsDays,
});

/** The hold a write gets after losing the race under the limit: over it now, by the figure read again. */
export const lostRaceHold = (customer: CustomerItem, added: number, at: string): CreditHold => ({
  reason:
    overLimitReason(termsOf(customer), customer.owedCents ?? 0, added) ??
    `Over the credit limit of ${formatUsd(customer.creditLimitCents ?? 0)} once other orders were counted`,
  since: at,
});

/** Adds the change of what the customer owes to a transaction, with the limit's condition when one applies. */
export function addOwed(tx: Transaction, customerId: string, delta: number, ceiling?: number): void {
  if (delta === 0 && ceiling === undefined) return;
  tx.update(
    OWED,
    customerEntity,
    { customerId },
    { add: { owedCents: delta } },
    ceiling === undefined ? {} : { condition: lte('owedCents', ceiling) },
  );
}

/** What an order write changes in what its customer owes. */
export const owedDelta = (before: OrderHeaderItem | null, after: OrderHeaderItem): number =>
  owedOf(after) - (before ? owedOf(before) : 0);

/** What New Order needs to preview a hold (GET /db/customers/getCreditStatus/{customerId}). */
export async function getCreditStatus(customer: CustomerItem): Promise<CreditStatus> {
  const exposure = await exposureOf(customer);
  return {
    customerId: customer.customerId,
    ...(customer.creditLimitCents === undefined ? {} : { creditLimit: toDollars(customer.creditLimitCents) }),
    paymentTermsDays: customer.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
    owed: toDollars(exposure.owedCents),
    ...(exposure.oldestOpen ? { oldestOpen: exposure.oldestOpen } : {}),
  };
}
