import type { OrderStatus, PaymentStatus } from '../../schemas/orders';

/**
 * Status changes of an order (spec section 4): any status may follow any other; each change of the order
 * status stamps `statusModifiedOn`, each change of the payment status `paymentModifiedOn`. A new order
 * stamps both. The pickers show the date of the last change as day/month/2-digit year.
 */

export interface StatusStamps {
  statusModifiedOn: string;
  paymentModifiedOn: string;
}
type Statuses = { orderStatus: OrderStatus; paymentStatus: PaymentStatus };

/** The stamps after a save; `now` is an ISO date-time. `previous` is null for a new order. */
export function stampStatusChanges(
  previous: (Statuses & StatusStamps) | null,
  next: Statuses,
  now: string,
): StatusStamps {
  if (!previous) return { statusModifiedOn: now, paymentModifiedOn: now };
  return {
    statusModifiedOn: next.orderStatus === previous.orderStatus ? previous.statusModifiedOn : now,
    paymentModifiedOn: next.paymentStatus === previous.paymentStatus ? previous.paymentModifiedOn : now,
  };
}
