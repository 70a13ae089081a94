import { formatUsd, type Cents } from '../money';
import type { OrderStatus } from '../schemas/orders';
import { daysSince } from './payments/ageing';

/**
 * Credit holds at order entry (issue 23, section 2). A customer may have a credit limit (none: no limit) and
 * payment terms (days, default 30). A submitted order is saved on credit hold — a flag with its reason, not a
 * status — when it takes what the customer owes over the limit, or when one of the customer's invoices is
 * unpaid past the terms. New Order shows the same reason before Submit; the server decides with it again at
 * the write, under a condition on what the customer owes, so two submits can't both squeeze under the limit.
 */

export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

export interface CreditTerms {
  /** Cents; null or undefined: no limit. */
  creditLimitCents?: Cents | null;
  paymentTermsDays?: number;
}

export interface CreditExposure {
  /** What the customer owes now on their other orders (the sum of `owedBalance`), cents. */
  owedCents: Cents;
  /** The oldest order that still owes, if any: its number and date. */
  oldestOpen?: { orderNum: string; createdAt: string } | undefined;
}

/**
 * Why an order of `orderTotal` (cents; what the write adds to what is owed) for this customer goes on credit hold,
 * on `today`, or undefined. A write that adds nothing is never held.
 */
export function creditHoldReason(
  terms: CreditTerms,
  exposure: CreditExposure,
  orderTotal: Cents,
  today: string,
): string | undefined {
  if (orderTotal <= 0) return undefined;
  const reasons = [overdueReason(terms, exposure, today), overLimitReason(terms, exposure.owedCents, orderTotal)];
  const found = reasons.filter((r): r is string => r !== undefined);
  return found.length ? found.join('; ') : undefined;
}

/** Over the limit: what is owed plus this order is more than the limit. */
export function overLimitReason(terms: CreditTerms, owedCents: Cents, orderTotal: Cents): string | undefined {
  const limit = terms.creditLimitCents;
  if (limit === null || limit === undefined || owedCents + orderTotal <= limit) return undefined;
  return `Over the credit limit: ${formatUsd(owedCents)} owed + ${formatUsd(orderTotal)} this order is more than the ${formatUsd(limit)} limit`;
}

/** Past the terms: the oldest unpaid invoice is older than the payment terms. */
export function overdueReason(terms: CreditTerms, exposure: CreditExposure, today: string): string | undefined {
  const oldest = exposure.oldestOpen;
  if (!oldest) return undefined;
  const termsDays = terms.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
  const late = daysSince(oldest.createdAt, today) - termsDays;
  if (late <= 0) return undefined;
  return `Invoice ${oldest.orderNum} is ${late} day${late === 1 ? '' : 's'} past its ${termsDays}-day terms`;
}

/**
 * The most the customer may owe before this order for it to go through without a hold: the limit less the
 * order (the server's condition on the customer's owed figure). Undefined when there is no limit.
 */
export const owedCeiling = (terms: CreditTerms, orderTotal: Cents): Cents | undefined =>
  terms.creditLimitCents === null || terms.creditLimitCents === undefined
    ? undefined
    : terms.creditLimitCents - Math.max(0, orderTotal);

export const HOLD_RELEASE_ONLY_ADMIN = 'Only an administrator can release a credit hold';
export const HOLD_NOTE_REQUIRED = 'Say why the hold is released';
export const HOLD_BLOCKS_STATUS =
  'This order is on credit hold: an administrator must release it before it moves past RECEIVED';

/** What a held order may be: not yet moving (DRAFT, RECEIVED) or called off (CANCELLED). */
export const HOLD_ALLOWED_STATUSES: readonly OrderStatus[] = ['DRAFT', 'RECEIVED', 'CANCELLED'];

/** Why an order on hold (or going on hold, `reason`) may not take this status, or undefined. */
export function holdStatusRefusal(hold: { reason: string } | undefined, status: OrderStatus): string | undefined {
  if (!hold || HOLD_ALLOWED_STATUSES.includes(status)) return undefined;
  return `${HOLD_BLOCKS_STATUS} (${hold.reason})`;
}
