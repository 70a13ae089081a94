import { toCents, type Cents } from '../../money';
import type { OrderStatus, PaymentStatus } from '../../schemas/orders';

/**
 * An order's payment status is earned, never typed (issue 23): it follows the order's status and the money
 * applied to it. A draft is DRAFT, a cancelled order CANCELLED and a refunded one REFUNDED, as the order;
 * any other order is PAID when nothing is left to pay, PARTIAL when some of it is paid, AWAITING when none
 * is; an order whose goods all came back (returns' credit notes worth its total) is REFUNDED. PENDING (spec section 4) is never earned: nothing in the records says "pending".
 *
 * The spec's bodies (`orders/new`, `orders/update`) still carry a `paymentStatus`; the server ignores it and
 * answers the earned one, so the spec's client keeps working and can't pay itself.
 */
export function earnedPaymentStatus(order: {
  orderStatus: OrderStatus;
  /** What it costs: subtotal less discount less what its credit notes took off what it owed (returns). */
  total: Cents;
  paid: Cents;
  /** Every unit it sold came back (returns). */
  fullyReturned?: boolean;
}): PaymentStatus {
  switch (order.orderStatus) {
    case 'DRAFT':
    case 'CANCELLED':
    case 'REFUNDED':
      return order.orderStatus;
    default:
      if (order.fullyReturned) return 'REFUNDED';
      if (order.paid >= order.total) return 'PAID';
      return order.paid > 0 ? 'PARTIAL' : 'AWAITING';
  }
}

export const EARNED_PAYMENT_STATUS_REFUSAL =
  "An order's payment status follows its payments: record, edit or void a payment to change it";

/**
 * Why a status-only change that names a payment status is refused (`orders/setStatus`, beyond the spec): the
 * named status must be the one the order earns after the change. Undefined when it is, or when none is named.
 * The order as read: dollars, as on the wire.
 */
export function paymentStatusRefusal(
  order: { orderStatus: OrderStatus; total: number; balanceDue: number },
  change: { orderStatus?: OrderStatus; paymentStatus?: PaymentStatus },
): string | undefined {
  if (change.paymentStatus === undefined) return undefined;
  const total = toCents(order.total);
  const earned = earnedPaymentStatus({
    orderStatus: change.orderStatus ?? order.orderStatus,
    total,
    paid: total - toCents(order.balanceDue),
  });
  return change.paymentStatus === earned ? undefined : EARNED_PAYMENT_STATUS_REFUSAL;
}
