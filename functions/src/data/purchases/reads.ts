import {
  DAY_MS,
  PURCHASE_ORDER_STATUSES,
  type OnOrder,
  type PurchaseOrder,
  type PurchaseOrderListQuery,
  type PurchaseOrderSummary,
} from '@bo/shared';
import { BadRequestError } from '../../domain';
import { queryAll, readCollection } from '../core';
import {
  type PurchaseHeaderItem,
  type StoredPurchaseLine,
  isOnOrderStatus,
  purchaseLinesEntity,
  purchaseOrderEntity,
} from './entity';
import { boundInstant } from '../range-bounds';
import { resolvePurchaseOrderId } from './numbers';
import { linesOf, toPurchaseOrder, toPurchaseOrderSummary } from './records';

/** A header and its lines, strongly consistent (one Query of the order's partition). */
export async function getWholePurchase(
  purchaseOrderId: string,
): Promise<{ header: PurchaseHeaderItem; lines: StoredPurchaseLine[] } | undefined> {
  const whole = await readCollection(
    { header: purchaseOrderEntity, lines: purchaseLinesEntity },
    { purchaseOrderId },
    { consistent: true },
  );
  const header = whole.header[0];
  return header ? { header, lines: linesOf(whole.lines) } : undefined;
}

/** The stored order of an id or a purchase-order number. */
export async function findPurchase(idOrNumber: string) {
  const id = await resolvePurchaseOrderId(idOrNumber);
  return id ? getWholePurchase(id) : undefined;
}

/** One purchase order with its lines, by id or by number. */
export async function getPurchaseOrder(idOrNumber: string): Promise<PurchaseOrder | undefined> {
  const found = await findPurchase(idOrNumber);
  return found ? toPurchaseOrder(found.header, found.lines) : undefined;
}

const DEFAULT_DAYS = 400;

/**
 * Purchase orders placed in a range (default: the 400 days up to `to`, else to now), newest first, without lines: one Query of
 * the brand's partition (status checked on the headers), else of the status's, else of all six statuses in
 * parallel.
 */
export async function listPurchaseOrders(q: PurchaseOrderListQuery): Promise<PurchaseOrderSummary[]> {
  const to = q.to ? boundInstant(q.to, 'to', true) : '9999';
  const end = q.to ? Date.parse(to) : Date.now();
  const from = q.from ? boundInstant(q.from, 'from') : new Date(end - DEFAULT_DAYS * DAY_MS).toISOString();
  if (from > to) throw new BadRequestError('from must not be after to');
  const options = {
    sort: { between: [{ orderPlacedOn: from }, { orderPlacedOn: `${to}~` }] as const },
    order: 'desc' as const,
  };
  let headers: PurchaseHeaderItem[];
  if (q.brandId) headers = await queryAll(purchaseOrderEntity, 'byBrand', { brandID: q.brandId }, options);
  else {
    const statuses = q.status ? [q.status] : PURCHASE_ORDER_STATUSES;
    const pages = await Promise.all(
      statuses.map((orderStatus) => queryAll(purchaseOrderEntity, 'byStatus', { orderStatus }, options)),
    );
    headers = pages.flat();
  }
  return headers
    .filter((h) => (!q.status || h.orderStatus === q.status) && h.orderPlacedOn >= from && h.orderPlacedOn <= to)
    .sort((a, b) => b.orderPlacedOn.localeCompare(a.orderPlacedOn))
    .map(toPurchaseOrderSummary);
}

/**
 * Units on open purchase orders (PENDING, ORDERED), per SKU: one Query of the sparse onOrder index (one
 * brand's with begins_with), summing each header's unstocked units. No lines are read.
 */
export async function listOnOrder(brandId?: string): Promise<OnOrder[]> {
  const headers = await queryAll(
    purchaseOrderEntity,
    'onOrder',
    {},
    brandId ? { sort: { begins: { brandID: brandId } } } : {},
  );
  const bySku = new Map<string, OnOrder>();
  for (const h of headers) {
    if (!isOnOrderStatus(h.orderStatus) || (brandId && h.brandID !== brandId)) continue;
    for (const [sku, quantity] of Object.entries(h.unstockedUnits)) {
      const row = bySku.get(sku) ?? { productSku: sku, units: 0, purchaseOrders: [] };
      row.units += quantity;
      row.purchaseOrders.push({ id: h.purchaseOrderId, purchaseOrderNum: h.purchaseOrderNum, quantity });
      bySku.set(sku, row);
    }
  }
  return [...bySku.values()].sort((a, b) => a.productSku.localeCompare(b.productSku));
}
