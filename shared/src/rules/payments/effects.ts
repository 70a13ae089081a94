import type { Cents } from '../../money';
import { PAYMENT_MESSAGES } from '../../schemas/payments';
import type { OrderStatus, PaymentStatus } from '../../schemas/orders';
import type { Allocation } from './allocation';
import { earnedPaymentStatus } from './status';

/** An order's money as a payment sees it. */
export interface OrderBalance {
  orderId: string;
  /** subtotal − dollarAdjustment − what returns' credit notes took off what it owed. */
  total: Cents;
  /** Every unit it sold came back: its payment status is REFUNDED. */
  fullyReturned?: boolean;
  balanceDue: Cents;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
}

/** What a stored payment did: the orders it paid and the credit it took and gave. */
export interface PaymentEffect {
  applied: readonly Allocation[];
  creditDeducted: Cents;
  creditAdded: Cents;
}

export const NO_PAYMENT: PaymentEffect = { applied: [], creditDeducted: 0, creditAdded: 0 };

/** The payment status an order earns at this balance (`earnedPaymentStatus`). */
export const paymentStatusAt = (
  order: Pick<OrderBalance, 'orderStatus' | 'total' | 'fullyReturned'>,
  balanceDue: Cents,
): PaymentStatus =>
  earnedPaymentStatus({
    orderStatus: order.orderStatus,
    total: order.total,
    paid: order.total - balanceDue,
    ...(order.fullyReturned ? { fullyReturned: true } : {}),
  });

export type PaymentEffectsResult =
  { ok: true; orders: OrderBalance[]; credit: Cents } | { ok: false; message: string; orderId?: string };

/**
 * What recording (or editing) a payment does: the old payment's effects undone, the new one's applied.
 * `orders` must hold every order either payment touches, as they are now; the answer holds each of them
 * with its new balance and status, and the customer's new credit. Refused, with the spec's message, when an
 * order would go below 0 or above its total, the credit below 0, or an amount is negative. For a new payment,
 * `old` is NO_PAYMENT.
 */
export function paymentEffects(
  orders: readonly OrderBalance[],
  credit: Cents,
  old: PaymentEffect,
  next: PaymentEffect,
): PaymentEffectsResult {
  const negative = next.applied.find((a) => a.amount < 0);
  if (negative) return { ok: false, message: PAYMENT_MESSAGES.orderAmountRequired, orderId: negative.orderId };
  const balances = new Map(orders.map((o) => [o.orderId, o.balanceDue]));
  const touched = new Set<string>();
  const move = (applied: readonly Allocation[], sign: 1 | -1): string | undefined => {
    for (const a of applied) {
      const balance = balances.get(a.orderId);
      if (balance === undefined) return a.orderId;
      balances.set(a.orderId, balance + sign * a.amount);
      touched.add(a.orderId);
    }
    return undefined;
  };
  const missing = move(old.applied, 1) ?? move(next.applied, -1);
  if (missing !== undefined) return { ok: false, message: `Order ${missing} was not found`, orderId: missing };

  const result: OrderBalance[] = [];
  for (const order of orders) {
    if (!touched.has(order.orderId)) continue;
    const balanceDue = balances.get(order.orderId)!;
    if (balanceDue < 0) return { ok: false, message: PAYMENT_MESSAGES.exceedsBalance, orderId: order.orderId };
    if (balanceDue > order.total) {
      return { ok: false, message: `Order ${order.orderId} would owe more than its total`, orderId: order.orderId };
    }
    result.push({
      ...order,
      balanceDue,
      paymentStatus: paymentStatusAt(order, balanceDue),
    });
  }
  const newCredit = credit + old.creditDeducted - old.creditAdded - next.creditDeducted + next.creditAdded;
  if (newCredit < 0) return { ok: false, message: PAYMENT_MESSAGES.creditExceedsAvailable };
  return { ok: true, orders: result, credit: newCredit };
}

/** Undoing a payment (its orders owe again, its credit goes back): the edit to no payment at all. */
export const reversePayment = (orders: readonly OrderBalance[], credit: Cents, payment: PaymentEffect) =>
  paymentEffects(orders, credit, payment, NO_PAYMENT);

/**
 * What an edit's dialog starts from: the balances and the credit as if the old payment had not been made,
 * so each order's balance and the available credit include what the old payment took. Never refused: a
 * reversed order owes at most its total, and credit the customer has spent since counts as 0.
 */
export function editBaseline(
  orders: readonly OrderBalance[],
  credit: Cents,
  old: PaymentEffect,
): { orders: OrderBalance[]; availableCredit: Cents } {
  const back = new Map<string, Cents>();
  for (const a of old.applied) back.set(a.orderId, (back.get(a.orderId) ?? 0) + a.amount);
  return {
    orders: orders.map((o) => {
      const balanceDue = Math.min(o.total, o.balanceDue + (back.get(o.orderId) ?? 0));
      return { ...o, balanceDue, paymentStatus: paymentStatusAt(o, balanceDue) };
    }),
    availableCredit: Math.max(0, credit + old.creditDeducted - old.creditAdded),
  };
}

/**
 * Why an order edit may not lower its total this far, or undefined: payments already applied to it would be
 * more than it costs. The payments must be edited first, so every payment keeps adding up.
 */
export function totalBelowPaidRefusal(total: Cents, paid: Cents): string | undefined {
  if (total >= paid) return undefined;
  const usd = (c: Cents) => `$${(c / 100).toFixed(2)}`;
  return `Payments of ${usd(paid)} are applied to this order; its total (${usd(total)}) can't go below that. Edit the payments first.`;
}

/** One order's change in a payment's outcome. */
export interface OrderOutcome {
  orderId: string;
  balanceBefore: Cents;
  balanceAfter: Cents;
  statusBefore: PaymentStatus;
  statusAfter: PaymentStatus;
}

export type PaymentOutcome =
  { ok: true; credit: { before: Cents; after: Cents }; orders: OrderOutcome[] } | { ok: false; message: string };

/**
 * What saving a payment will do, from the records as they are now (issue 23: Edit Payment shows what the edit
 * will do, not a world without the payment): each touched order's balance and status before and after, and the
 * customer's credit before and after. `old` is NO_PAYMENT for a new payment. Orders whose balance ends where it
 * started are left out.
 */
export function paymentOutcome(
  orders: readonly OrderBalance[],
  credit: Cents,
  old: PaymentEffect,
  next: PaymentEffect,
): PaymentOutcome {
  const effects = paymentEffects(orders, credit, old, next);
  if (!effects.ok) return { ok: false, message: effects.message };
  const before = new Map(orders.map((o) => [o.orderId, o]));
  return {
    ok: true,
    credit: { before: credit, after: effects.credit },
    orders: effects.orders.flatMap((o) => {
      const was = before.get(o.orderId)!;
      return was.balanceDue === o.balanceDue && was.paymentStatus === o.paymentStatus
        ? []
        : [
            {
              orderId: o.orderId,
              balanceBefore: was.balanceDue,
              balanceAfter: o.balanceDue,
              statusBefore: was.paymentStatus,
              statusAfter: o.paymentStatus,
            },
          ];
    }),
  };
}
