import {
  DASHBOARD_LIST_SIZE,
  overdueCustomers,
  toDollars,
  type DashboardOrder,
  type DashboardScope,
  type DeliveriesSection,
  type OrderStatus,
  type SalesSection,
} from '@bo/shared';
import { batchGet, queryAll } from '../core';
import { getCustomerItems } from '../customers';
import { balanceDueOf, isOpenStatus, orderEntity, type OrderHeaderItem } from '../orders/entity';
import { userEntity } from '../users/entity';

/**
 * The dashboard's sales orders, from the orders' sparse indexes only: `open` (the orders holding stock, one
 * partition: the working set, not history) and `owing` (the receivables, one partition). Headers only,
 * projected to what a list shows; no lines are read.
 */

const HEADER_ATTRIBUTES = [
  'orderId',
  'orderNum',
  'customerID',
  'customerName',
  'orderStatus',
  'createdAt',
  'deliveryDate',
  'pickupOrder',
  'driverId',
  'accountOwnerID',
] as const;

type Header = Pick<OrderHeaderItem, (typeof HEADER_ATTRIBUTES)[number]>;

/** Open orders (RECEIVED, FULFILLMENT, PACKED): one Query of the open index, or of one driver's part of it. */
export async function openOrderHeaders(driverId?: string): Promise<Header[]> {
  const headers = await queryAll(
    orderEntity,
    'open',
    {},
    {
      attributes: HEADER_ATTRIBUTES,
      ...(driverId ? { sort: { begins: { driverKey: driverId } } } : {}),
    },
  );
  return headers.filter((h) => isOpenStatus(h.orderStatus) && (!driverId || h.driverId === driverId));
}

const oldestFirst = (a: Header, b: Header) =>
  a.createdAt.localeCompare(b.createdAt) || a.orderNum.localeCompare(b.orderNum);

export const toDashboardOrder = (h: Header): DashboardOrder => ({
  id: h.orderId,
  orderNum: h.orderNum,
  customerId: h.customerID,
  customerName: h.customerName,
  status: h.orderStatus,
  createdAt: h.createdAt,
  deliveryDate: h.deliveryDate ?? null,
  pickup: h.pickupOrder,
});

/** How many, and the oldest few. */
export function oldestOf(headers: readonly Header[]): { count: number; oldest: DashboardOrder[] } {
  return {
    count: headers.length,
    oldest: [...headers].sort(oldestFirst).slice(0, DASHBOARD_LIST_SIZE).map(toDashboardOrder),
  };
}

/** Everyone's open orders, read once however many sections of one dashboard ask. */
export type OpenHeaders = () => Promise<Header[]>;

/** The open orders of a rep's customers (the account owner the order was placed under), or everyone's. */
export async function openOrdersOf(
  scope: DashboardScope,
  userId: string,
  open: OpenHeaders = openOrderHeaders,
): Promise<SalesSection['openOrders']> {
  const headers = await open();
  return oldestOf(scope === 'all' ? headers : headers.filter((h) => h.accountOwnerID === userId));
}

const TO_PACK: readonly OrderStatus[] = ['RECEIVED', 'FULFILLMENT'];

/** Open orders still to pack: received or in fulfilment. */
export async function ordersToPack(
  open: OpenHeaders = openOrderHeaders,
): Promise<{ count: number; oldest: DashboardOrder[] }> {
  return oldestOf((await open()).filter((h) => TO_PACK.includes(h.orderStatus)));
}

/**
 * Open deliveries due today or before (late), earliest first, with the customer's address and, for everyone's,
 * the driver's name: one Query of the open index (the driver's part of it), one BatchGet of customers and one
 * of drivers.
 */
export async function deliveriesDue(
  scope: DashboardScope,
  userId: string,
  today: string,
  everyones: OpenHeaders = openOrderHeaders,
): Promise<DeliveriesSection> {
  const open = (await (scope === 'all' ? everyones() : openOrderHeaders(userId))).filter(
    (h) => !h.pickupOrder && (scope === 'all' ? !!h.driverId : true),
  );
  const due = open
    .filter((h) => (h.deliveryDate ?? today) <= today)
    .sort(
      (a, b) =>
        (a.deliveryDate ?? today).localeCompare(b.deliveryDate ?? today) || a.orderNum.localeCompare(b.orderNum),
    );
  const [customers, drivers] = await Promise.all([
    getCustomerItems([...new Set(due.map((h) => h.customerID))]),
    scope === 'all'
      ? batchGet(
          userEntity,
          [...new Set(due.map((h) => h.driverId!))].map((id) => ({ id })),
        )
      : Promise.resolve([]),
  ]);
  const address = new Map(customers.map((c) => [c.customerId, c.address]));
  const driverName = new Map(drivers.map((u) => [u.id, u.name]));
  const late = (h: Header) => (h.deliveryDate ?? today) < today;
  return {
    scope,
    date: today,
    count: due.length,
    late: due.filter(late).length,
    later: open.length - due.length,
    orders: due.map((h) => {
      const where = address.get(h.customerID);
      const name = h.driverId ? driverName.get(h.driverId) : undefined;
      return {
        ...toDashboardOrder(h),
        ...(where ? { address: where } : {}),
        ...(scope === 'all' && h.driverId ? { driverId: h.driverId } : {}),
        ...(name ? { driverName: name } : {}),
        late: late(h),
      };
    }),
  };
}

const OWING_ATTRIBUTES = [
  'orderId',
  'orderNum',
  'customerID',
  'orderStatus',
  'createdAt',
  'subtotalCents',
  'discountCents',
  'paidCents',
  'creditedCents',
] as const;

/**
 * Customers with orders unpaid past their payment terms: one Query of the receivables index, one BatchGet of
 * the customers that owe (for their owner and terms). A rep gets the customers they own now.
 */
export async function overdueOf(
  scope: DashboardScope,
  userId: string,
  today: string,
): Promise<SalesSection['overdue']> {
  const owing = await queryAll(orderEntity, 'owing', {}, { attributes: OWING_ATTRIBUTES });
  const customers = await getCustomerItems([...new Set(owing.map((o) => o.customerID))]);
  const visible = new Map(
    customers
      .filter((c) => scope === 'all' || c.accountOwnerID === userId)
      .map((c) => [c.customerId, { customerName: c.customerName, paymentTermsDays: c.paymentTermsDays }]),
  );
  const rows = overdueCustomers(
    owing.map((o) => ({
      orderNum: o.orderNum,
      customerId: o.customerID,
      createdAt: o.createdAt,
      balanceDue: balanceDueOf(o),
    })),
    visible,
    today,
  );
  return {
    count: rows.length,
    amount: toDollars(rows.reduce((sum, r) => sum + r.amount, 0)),
    customers: rows.slice(0, DASHBOARD_LIST_SIZE).map((r) => ({ ...r, amount: toDollars(r.amount) })),
  };
}
