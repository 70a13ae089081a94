import { type Payment, type PaymentListQuery, type Receivables, receivablesAgeing, toDollars } from '@bo/shared';
import { type SortCondition, batchGet, get, queryAll } from '../core';
import { customerNotFound, getCustomerItem } from '../customers';
import { balanceDueOf, orderEntity } from '../orders/entity';
import { resolveOrderId } from '../orders/numbers';
import { daysBefore, todayUtc as today, monthPartitions, readMonths } from '../range-bounds';
import { type PaymentItem, paymentEntity, paymentLinkEntity } from './entity';
import { toPayment } from './records';

export const getPaymentItem = (paymentId: string): Promise<PaymentItem | undefined> =>
  get(paymentEntity, { paymentId }, { consistent: true });

export async function getPayment(paymentId: string): Promise<Payment | undefined> {
  const item = await getPaymentItem(paymentId);
  return item ? toPayment(item) : undefined;
}

const newestFirst = (a: PaymentItem, b: PaymentItem) =>
  b.paymentDate.localeCompare(a.paymentDate) || b.createdOn.localeCompare(a.createdOn);

const DEFAULT_DAYS = 30;

/**
 * Payments dated in a range (default: the 30 days up to `to`, else today), newest first: one Query of the
 * customer's payments when a customer is named, else one Query per month (at most MAX_RANGE_MONTHS, in the
 * shared pool of `readMonths`; a range is at most MAX_RANGE_DAYS wide either way).
 */
export async function listPayments(q: PaymentListQuery): Promise<Payment[]> {
  const to = q.to ?? (q.from && q.from > today() ? q.from : today());
  const from = q.from ?? daysBefore(to, DEFAULT_DAYS);
  const months = monthPartitions(from, to, { from: 'from', to: 'to' });
  const sort: SortCondition<PaymentItem> = { between: [{ paymentDate: from }, { paymentDate: `${to}~` }] };
  let items: PaymentItem[];
  if (q.customerId) {
    items = await queryAll(paymentEntity, 'byCustomer', { customerId: q.customerId }, { sort });
  } else {
    const pages = await readMonths(months, (paymentMonth) =>
      queryAll(paymentEntity, 'byMonth', { paymentMonth }, { sort }),
    );
    items = pages.flat();
  }
  return items
    .filter((p) => p.paymentDate >= from && p.paymentDate <= to)
    .sort(newestFirst)
    .map(toPayment);
}

/** A customer's payments, newest first (404 for an unknown customer). */
export async function listPaymentsOfCustomer(customerId: string): Promise<Payment[]> {
  const [customer, items] = await Promise.all([
    getCustomerItem(customerId),
    queryAll(paymentEntity, 'byCustomer', { customerId }),
  ]);
  if (!customer) throw customerNotFound();
  return items.sort(newestFirst).map(toPayment);
}

/** The payments of an order (by id or number), newest first: its link items, then the payments by key. */
export async function listPaymentsOfOrder(idOrNumber: string): Promise<Payment[] | undefined> {
  const orderId = await resolveOrderId(idOrNumber);
  if (!orderId) return undefined;
  const [order, links] = await Promise.all([
    get(orderEntity, { orderId }),
    queryAll(paymentLinkEntity, 'primary', { orderId }),
  ]);
  if (!order) return undefined;
  const items = await batchGet(
    paymentEntity,
    links.map((l) => ({ paymentId: l.paymentId })),
  );
  return items.sort(newestFirst).map(toPayment);
}

const OWING_ATTRIBUTES = [
  'orderId',
  'customerID',
  'customerName',
  'orderStatus',
  'createdAt',
  'subtotalCents',
  'discountCents',
  'paidCents',
  'creditedCents',
] as const;

/** Open balance per customer by age, as of a day (default today): one Query of the sparse `owing` index. */
export async function getReceivables(asOf: string = today()): Promise<Receivables> {
  const owing = await queryAll(orderEntity, 'owing', {}, { attributes: OWING_ATTRIBUTES });
  const rows = receivablesAgeing(
    owing.map((o) => ({
      customerId: o.customerID,
      customerName: o.customerName,
      orderStatus: o.orderStatus,
      createdAt: o.createdAt,
      balanceDue: balanceDueOf(o),
    })),
    asOf,
  );
  const sum = (key: 'balanceDue' | 'days0to30' | 'days31to60' | 'days61to90' | 'over90') =>
    toDollars(rows.reduce((total, r) => total + r[key], 0));
  return {
    asOf,
    rows: rows.map((r) => ({
      ...r,
      balanceDue: toDollars(r.balanceDue),
      days0to30: toDollars(r.days0to30),
      days31to60: toDollars(r.days31to60),
      days61to90: toDollars(r.days61to90),
      over90: toDollars(r.over90),
    })),
    totals: {
      balanceDue: sum('balanceDue'),
      days0to30: sum('days0to30'),
      days31to60: sum('days31to60'),
      days61to90: sum('days61to90'),
      over90: sum('over90'),
    },
  };
}
