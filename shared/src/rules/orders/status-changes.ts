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

/**
 * The picker's date: day/month/2-digit year, each part two digits ('05/03/25' for 5 March 2025), in
 * `timeZone` (the browser's own when not given). Empty for a missing or unreadable date.
 */
export function formatStatusDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}
