import type { Cents } from '../../money';
import type { AgeingBucket } from '../../schemas/payments';
import type { OrderStatus } from '../../schemas/orders';

const DAY_MS = 86_400_000;

/** Whole calendar days (UTC) from the order's date to `asOf`; a future date counts 0. */
export function daysSince(orderDate: string, asOf: string): number {
  const day = (s: string) => Date.parse(`${s.slice(0, 10)}T00:00:00Z`);
  return Math.max(0, Math.round((day(asOf) - day(orderDate)) / DAY_MS));
}

/** The receivables bucket of an order this many days old: 0–30, 31–60, 61–90, over 90 (issue 13). */
export function ageingBucket(days: number): AgeingBucket {
  if (days <= 30) return 'days0to30';
  if (days <= 60) return 'days31to60';
  if (days <= 90) return 'days61to90';
  return 'over90';
}

/** Orders that owe nothing by status: drafts were never sold, cancelled and refunded ones are off the books. */
const NOT_RECEIVABLE: readonly OrderStatus[] = ['DRAFT', 'CANCELLED', 'REFUNDED'];

/** Whether an order counts in receivables: it owes something and is neither a draft, cancelled nor refunded. */
export const isReceivable = (orderStatus: OrderStatus, balanceDue: Cents): boolean =>
  balanceDue > 0 && !NOT_RECEIVABLE.includes(orderStatus);

export interface ReceivableOrder {
  customerId: string;
  customerName: string;
  orderStatus: OrderStatus;
  /** The order date (its `createdAt`), ISO. */
  createdAt: string;
  balanceDue: Cents;
}

export interface ReceivablesRowCents {
  customerId: string;
  customerName: string;
  openOrders: number;
  balanceDue: Cents;
  days0to30: Cents;
  days31to60: Cents;
  days61to90: Cents;
  over90: Cents;
  oldestOrderDate: string;
}

/**
 * Open balance per customer with its ageing buckets, largest balance first. Counts orders with a balance
 * above 0 that are not drafts, cancelled or refunded; each row's buckets add up to its balance.
 */
export function receivablesAgeing(orders: readonly ReceivableOrder[], asOf: string): ReceivablesRowCents[] {
  const rows = new Map<string, ReceivablesRowCents>();
  for (const o of orders) {
    if (!isReceivable(o.orderStatus, o.balanceDue)) continue;
    const day = o.createdAt.slice(0, 10);
    const row = rows.get(o.customerId) ?? {
      customerId: o.customerId,
      customerName: o.customerName,
      openOrders: 0,
      balanceDue: 0,
      days0to30: 0,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      oldestOrderDate: day,
    };
    row.openOrders += 1;
    row.balanceDue += o.balanceDue;
    row[ageingBucket(daysSince(day, asOf))] += o.balanceDue;
    if (day < row.oldestOrderDate) row.oldestOrderDate = day;
    rows.set(o.customerId, row);
  }
  return [...rows.values()].sort((a, b) => b.balanceDue - a.balanceDue || a.customerName.localeCompare(b.customerName));
}
