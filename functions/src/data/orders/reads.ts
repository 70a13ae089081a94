import type { Order, OrderSummary, PendingOrderItem, PendingOutbound } from '@bo/shared';
import { BadRequestError } from '../../domain';
import { batchGet, get, queryAll, readCollection } from '../core';
import { customerNotFound, getCustomerItem } from '../customers';
import {
  type OrderHeaderItem,
  type OrderLinesItem,
  type StoredLine,
  isOpenStatus,
  orderEntity,
  orderLinesEntity,
} from './entity';
import { boundInstant, monthPartitions, readMonths } from '../range-bounds';
import { resolveOrderId } from './numbers';
import { linesOf, toOrder, toOrderSummary } from './records';

/** A header and its lines, strongly consistent (one Query of the order's partition). */
export async function getWhole(orderId: string): Promise<{ header: OrderHeaderItem; lines: StoredLine[] } | undefined> {
  const whole = await readCollection(
    { order: orderEntity, orderLines: orderLinesEntity },
    { orderId },
    { consistent: true },
  );
  const header = whole.order[0];
  return header ? { header, lines: linesOf(whole.orderLines) } : undefined;
}

/** One order with its lines, by id or by order number. */
export async function getOrder(idOrNumber: string): Promise<Order | undefined> {
  const id = await resolveOrderId(idOrNumber);
  const found = id ? await getWhole(id) : undefined;
  return found ? toOrder(found.header, found.lines) : undefined;
}

/** The header of an order (for access checks), or undefined. */
export async function getOrderHeader(idOrNumber: string): Promise<OrderSummary | undefined> {
  const id = await resolveOrderId(idOrNumber);
  const header = id ? await get(orderEntity, { orderId: id }, { consistent: true }) : undefined;
  return header ? toOrderSummary(header) : undefined;
}

/** The lines of many orders: BatchGet of their line groups. */
async function linesOfMany(headers: readonly OrderHeaderItem[]): Promise<Map<string, StoredLine[]>> {
  const keys = headers.flatMap((h) =>
    Array.from({ length: h.lineGroups }, (_, group) => ({ orderId: h.orderId, group })),
  );
  const byOrder = new Map<string, OrderLinesItem[]>();
  for (const g of await batchGet(orderLinesEntity, keys))
    byOrder.set(g.orderId, [...(byOrder.get(g.orderId) ?? []), g]);
  return new Map([...byOrder].map(([id, groups]) => [id, linesOf(groups)]));
}

/** Headers of the open orders (RECEIVED, FULFILLMENT, PACKED): the sparse open index, all pages. */
async function openHeaders(driverId?: string): Promise<OrderHeaderItem[]> {
  const headers = await queryAll(
    orderEntity,
    'open',
    {},
    driverId ? { sort: { begins: { driverKey: driverId } } } : {},
  );
  return headers.filter((h) => isOpenStatus(h.orderStatus) && (!driverId || h.driverId === driverId));
}

/** Open deliveries (not pickups) with a driver: all of them, or one driver's. */
export const openDeliveryHeaders = async (driverId?: string): Promise<OrderHeaderItem[]> =>
  (await openHeaders(driverId)).filter((h) => !h.pickupOrder && !!h.driverId);

/** Orders whole by id (BatchGet of headers, then of their line groups); unknown ids are left out. */
export async function getWholeMany(
  orderIds: readonly string[],
): Promise<Array<{ header: OrderHeaderItem; lines: StoredLine[] }>> {
  if (orderIds.length === 0) return [];
  const headers = await batchGet(
    orderEntity,
    orderIds.map((orderId) => ({ orderId })),
    { consistent: true },
  );
  const lines = await linesOfMany(headers);
  return headers.map((header) => ({ header, lines: lines.get(header.orderId) ?? [] }));
}

const byNewest = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);

/** Open orders with their lines, newest first. */
export async function listPendingOrders(): Promise<Order[]> {
  const headers = await openHeaders();
  const lines = await linesOfMany(headers);
  return headers.map((h) => toOrder(h, lines.get(h.orderId) ?? [])).sort(byNewest);
}

/** Every line of the open orders. */
export async function listPendingOrderItems(): Promise<PendingOrderItem[]> {
  const headers = await openHeaders();
  const lines = await linesOfMany(headers);
  return headers.flatMap((h) =>
    (lines.get(h.orderId) ?? []).map((l) => ({
      orderID: h.orderId,
      orderNum: h.orderNum,
      productSku: l.sku,
      productBatchId: l.batchId,
      quantity: l.quantity,
      tagsPulled: l.tagsPulled,
    })),
  );
}

/** The open orders holding a SKU (from the headers' per-SKU units; no lines read). */
export async function pendingOutboundOf(sku: string): Promise<PendingOutbound[]> {
  const headers = await openHeaders();
  return headers
    .filter((h) => (h.skuQuantities[sku] ?? 0) > 0)
    .sort(byNewest)
    .map((h) => ({
      orderID: h.orderId,
      orderNum: h.orderNum,
      customerName: h.customerName,
      quantity: h.skuQuantities[sku]!,
    }));
}

/** A driver's open deliveries with their lines, by delivery date. */
export async function listDeliveriesOf(driverId: string): Promise<Order[]> {
  const headers = (await openHeaders(driverId)).filter((h) => !h.pickupOrder);
  const lines = await linesOfMany(headers);
  return headers
    .map((h) => toOrder(h, lines.get(h.orderId) ?? []))
    .sort((a, b) => (a.deliveryDate ?? '').localeCompare(b.deliveryDate ?? '') || a.orderNum.localeCompare(b.orderNum));
}

/**
 * Orders created between two instants (inclusive), newest first: one Query per month (at most MAX_RANGE_MONTHS,
 * in the shared pool of `readMonths`).
 */
export async function listOrdersBetween(fromISO: string, toISO: string): Promise<OrderSummary[]> {
  const from = boundInstant(fromISO, 'fromISO');
  const to = boundInstant(toISO, 'toISO', true);
  if (from > to) throw new BadRequestError('fromISO must not be after toISO');
  const months = monthPartitions(fromISO, toISO, { from: 'fromISO', to: 'toISO' });
  const pages = await readMonths(months, (createdMonth) =>
    queryAll(
      orderEntity,
      'byMonth',
      { createdMonth },
      { sort: { between: [{ createdAt: from }, { createdAt: `${to}~` }] } },
    ),
  );
  return pages
    .flat()
    .filter((h) => h.createdAt >= from && h.createdAt <= to)
    .sort(byNewest)
    .map(toOrderSummary);
}

/** A customer's orders (404 for an unknown customer): what getByCustomer and customers/getAllOrders answer. */
export async function listOrdersOfKnownCustomer(
  customerId: string,
  range: { from?: string; to?: string } = {},
): Promise<OrderSummary[]> {
  const [customer, orders] = await Promise.all([getCustomerItem(customerId), listOrdersOfCustomer(customerId, range)]);
  if (!customer) throw customerNotFound();
  return orders;
}

/** A customer's orders, newest first, optionally within a creation range. */
export async function listOrdersOfCustomer(
  customerId: string,
  range: { from?: string; to?: string } = {},
): Promise<OrderSummary[]> {
  const from = range.from ? boundInstant(range.from, 'from') : '0000';
  const to = range.to ? boundInstant(range.to, 'to', true) : '9999';
  const headers = await queryAll(
    orderEntity,
    'byCustomer',
    { customerID: customerId },
    { sort: { between: [{ createdAt: from }, { createdAt: `${to}~` }] }, order: 'desc' },
  );
  return headers.filter((h) => h.createdAt >= from && h.createdAt <= to).map(toOrderSummary);
}
