import type { OrderStatus } from '../../schemas/orders';
import { cleanPriceString, toCents, type Cents } from '../../money';
import { MAX_PAYMENT_ORDERS } from '../../schemas/payments';

/**
 * A typed amount in cents (spec section 5: parsed as a decimal, falling back to 0). '$1,250.50' reads as
 * 125050; text that is no number, and a negative, read as 0.
 */
export function parsePaymentAmount(input: string | number | null | undefined): Cents {
  const value = typeof input === 'number' ? input : Number.parseFloat(cleanPriceString(input ?? ''));
  return Number.isFinite(value) && value > 0 ? toCents(value) : 0;
}

/** Credit can be enabled only when the customer's available credit is above 0 (spec section 5). */
export const canUseCredit = (availableCredit: Cents): boolean => availableCredit > 0;

/** The credit box is capped at the available credit (spec section 5). */
export const capCredit = (typed: Cents, availableCredit: Cents): Cents => Math.max(0, Math.min(typed, availableCredit));

/** Orders that owe nothing by status: drafts were never sold, cancelled and refunded ones are off the books. */
export const NOT_PAYABLE_STATUSES: readonly OrderStatus[] = ['DRAFT', 'CANCELLED', 'REFUNDED'];

/**
 * Whether an order can take a payment: a balance above 0 (spec section 4: zero-balance orders cannot be
 * selected) and a status that owes (not a draft, cancelled or refunded order; the receivables view leaves
 * the same orders out). Balance in cents or dollars: only its sign matters.
 */
export const canTakePayment = (order: { balanceDue: number; orderStatus?: OrderStatus }): boolean =>
  order.balanceDue > 0 && !(order.orderStatus !== undefined && NOT_PAYABLE_STATUSES.includes(order.orderStatus));

/**
 * What an order owes, on every screen (issue 23: one balance everywhere): its balance due when it can take a
 * payment, else 0 (a draft was never sold; a cancelled or refunded order is off the books). Receivables counts
 * exactly these (`isReceivable`), so a customer's View Orders total and their receivables row agree. The API's
 * `balanceDue` stays the order's own arithmetic (total − paid): a payment edit still reverses what it gave a
 * since-cancelled order. Cents or dollars.
 */
export const owedBalance = (order: { balanceDue: number; orderStatus?: OrderStatus }): number =>
  canTakePayment(order) ? order.balanceDue : 0;

/** Amount plus credit used: everything the payment can apply. */
export const paymentFunds = (p: { amount: Cents; creditDeducted: Cents }): Cents => p.amount + p.creditDeducted;

export const appliedTotal = (applied: ReadonlyArray<{ amount: Cents }>): Cents =>
  applied.reduce((sum, a) => sum + a.amount, 0);

/**
 * `customerCreditAdded`: what the payment holds (amount plus credit used) beyond what it applies to orders
 * (spec section 4: any remainder becomes credit). 0 when it applies more, which validation refuses anyway.
 */
export const creditAdded = (p: {
  amount: Cents;
  creditDeducted: Cents;
  applied: ReadonlyArray<{ amount: Cents }>;
}): Cents => Math.max(0, paymentFunds(p) - appliedTotal(p.applied));

/**
 * Why the server refuses the `customerCreditAdded` a body reports, or undefined when it agrees (or is left
 * out: the server then uses its own figure).
 */
export function creditAddedRefusal(reported: Cents | null | undefined, computed: Cents): string | undefined {
  if (reported === null || reported === undefined || reported === computed) return undefined;
  return `customerCreditAdded must be ${(computed / 100).toFixed(2)}: the amount plus credit used, less what is applied to orders`;
}

/** An edit writes the old and the new orders in one transaction: together they must fit it. */
export function paymentTouchesTooManyOrders(
  oldApplied: ReadonlyArray<{ orderId: string }>,
  newApplied: ReadonlyArray<{ orderId: string }>,
): boolean {
  return new Set([...oldApplied, ...newApplied].map((a) => a.orderId)).size > MAX_PAYMENT_ORDERS;
}
