import { randomUUID } from 'node:crypto';
import {
  diffChanges,
  draftOrderNumber,
  formatOrderNumber,
  stockEffects,
  type Order,
  type OrderStatus,
  earnedPaymentStatus,
} from '@bo/shared';
import type { Actor } from '../../domain';
import { query, update } from '../core';
import { customerEntity } from '../customers/entity';
import { batchPut } from '../core/batch-write';
import { changeEntry, changeLogEntity } from '../change-log';
import { loadCatalogNames } from '../products';
import { type LedgerChange, applyLedgerChanges, ledgerChangesOf } from '../stock-ledger';
import { type ProductMove, applyMonthMoves, markRecordedSince } from '../stock-moves/months';
import type { ProductItem } from './catalog';
import type { BatchItem as BatchRef } from '../products/batch-entity';
import {
  NO_DRIVER,
  type OrderHeaderItem,
  type OrderLinesItem,
  type StoredLine,
  orderEntity,
  orderLinesEntity,
  owedOf,
} from './entity';
import { ORDER_FIELD_LABELS, wireHeader } from './history';
import { freshSnapshot } from './lines';
import { orderNumberEntity } from './number-entities';
import { takeOrderNumbers } from './numbers';
import { figures, groupsOf, monthOf, skuQuantitiesOf, brandsOf, stockLines, toOrder } from './records';

/** Seeding and benchmarks only (the seed barrel, `data/seed.ts`): demo and bench orders written in bulk. */

export interface BulkOrderLine {
  product: ProductItem;
  batch?: Pick<BatchRef, 'batchId' | 'batchNumber'>;
  quantity: number;
  priceCents: number;
  tagsPulled?: boolean;
}

export interface BulkOrder {
  customer: { customerId: string; customerName: string; accountOwnerID?: string };
  orderStatus: OrderStatus;
  createdAt: string;
  pickupOrder: boolean;
  deliveryDate?: string;
  driverId?: string;
  packingLocationId: string;
  notes?: string;
  discountCents?: number;
  discountNotes?: string;
  lines: BulkOrderLine[];
}

/** Whether any order was created in one of these months (YYYY-MM): one single-item Query per month. */
export async function hasOrdersInMonths(months: readonly string[]): Promise<boolean> {
  const found = await Promise.all(
    months.map((createdMonth) => query(orderEntity, 'byMonth', { createdMonth }, { limit: 1 })),
  );
  return found.some((page) => page.items.length > 0);
}

/**
 * Writes many orders with the same items as `createOrder` (header, line groups, number guard, change-log
 * entry) through BatchWriteItem, numbers taken from the counter in one `ADD n`, and the stock effects of all
 * of them summed into the ledger afterwards. It does NOT check batch availability: the caller plans
 * quantities that fit. Not for concurrent use with live orders.
 */
export async function createOrdersBulk(orders: readonly BulkOrder[], by: Actor): Promise<Order[]> {
  if (orders.length === 0) return [];
  const names = await loadCatalogNames();
  const numbered = orders.filter((o) => o.orderStatus !== 'DRAFT').length;
  let next = numbered > 0 ? await takeOrderNumbers(numbered) : 0;
  const headers: OrderHeaderItem[] = [];
  const groups: OrderLinesItem[] = [];
  const entries: ReturnType<typeof changeEntry>[] = [];
  const ledger: LedgerChange[] = [];
  const movesByMonth = new Map<string, Map<string, ProductMove>>();
  const result: Order[] = [];
  for (const o of orders) {
    const orderId = randomUUID();
    const lines: StoredLine[] = o.lines.map((l) => ({
      ...freshSnapshot(l.product, names),
      id: randomUUID(),
      batchId: l.batch?.batchId ?? null,
      ...(l.batch ? { batchNumber: l.batch.batchNumber } : {}),
      quantity: l.quantity,
      priceCents: l.priceCents,
      tagsPulled: Boolean(l.batch && l.tagsPulled),
    }));
    const lineGroups = groupsOf(lines);
    const money = figures(lines, undefined, 0);
    const discountCents = Math.min(o.discountCents ?? 0, money.subtotalCents);
    const header: OrderHeaderItem = {
      orderId,
      orderNum: o.orderStatus === 'DRAFT' ? draftOrderNumber(randomUUID) : formatOrderNumber(next++),
      orderStatus: o.orderStatus,
      // Nothing is paid yet: payments recorded afterwards earn PARTIAL and PAID (issue 23).
      paymentStatus: earnedPaymentStatus({
        orderStatus: o.orderStatus,
        total: money.subtotalCents - discountCents,
        paid: 0,
      }),
      statusModifiedOn: o.createdAt,
      paymentModifiedOn: o.createdAt,
      createdAt: o.createdAt,
      createdMonth: monthOf(o.createdAt),
      createdBy: by.userId,
      modifiedOn: o.createdAt,
      version: 1,
      customerID: o.customer.customerId,
      customerName: o.customer.customerName,
      ...(o.customer.accountOwnerID ? { accountOwnerID: o.customer.accountOwnerID } : {}),
      pickupOrder: o.pickupOrder,
      ...(o.deliveryDate ? { deliveryDate: o.deliveryDate } : {}),
      ...(o.driverId && !o.pickupOrder ? { driverId: o.driverId } : {}),
      driverKey: (!o.pickupOrder && o.driverId) || NO_DRIVER,
      packingLocationId: o.packingLocationId,
      ...(o.notes ? { notes: o.notes } : {}),
      ...money,
      discountCents,
      ...(o.discountNotes ? { discountNotes: o.discountNotes } : {}),
      paidCents: 0,
      lineCount: lines.length,
      lineGroups: lineGroups.length,
      skuQuantities: skuQuantitiesOf(lines),
      brands: brandsOf(lines),
    };
    headers.push(header);
    lineGroups.forEach((g, group) => groups.push({ orderId, group, lines: g }));
    entries.push(
      changeEntry({
        caller: by,
        entityType: 'order',
        entityId: orderId,
        action: 'create',
        changes: diffChanges<Record<string, unknown>>(undefined, wireHeader(header), ORDER_FIELD_LABELS),
        at: o.createdAt,
      }),
    );
    const productIds = new Map(lines.map((l) => [l.sku, l.productId]));
    const effects = stockEffects(null, o.orderStatus, stockLines(lines));
    ledger.push(...ledgerChangesOf(effects, (sku) => productIds.get(sku)!));
    // The stock it moved counts in the month it was made (what the inventory reports read), as a live order's
    // movements do through the stream.
    const moves = movesByMonth.get(monthOf(o.createdAt)) ?? new Map<string, ProductMove>();
    for (const d of effects.products) {
      if (d.stock === 0) continue;
      const productId = productIds.get(d.sku)!;
      const move = moves.get(productId) ?? { productId, units: 0 };
      move.units += d.stock;
      const day = o.createdAt.slice(0, 10);
      if (d.stock < 0 && (!move.soldOn || move.soldOn < day)) move.soldOn = day;
      moves.set(productId, move);
    }
    movesByMonth.set(monthOf(o.createdAt), moves);
    result.push(toOrder(header, lines));
  }
  const options = { concurrency: 8 };
  await Promise.all([
    batchPut(orderEntity, headers, options),
    batchPut(orderLinesEntity, groups, options),
    batchPut(
      orderNumberEntity,
      headers.map((h) => ({ orderNum: h.orderNum, orderId: h.orderId })),
      options,
    ),
    batchPut(changeLogEntity, entries, options),
  ]);
  await applyLedgerChanges(
    ledger.map((c) => {
      if (c.kind !== 'addBatch') return c;
      const { requireFree: _unchecked, ...change } = c;
      return change;
    }),
  );
  for (const [month, moves] of movesByMonth) await applyMonthMoves(`${month}-01`, [...moves.values()]);
  const first = [...movesByMonth.keys()].sort()[0];
  if (first) await markRecordedSince(first);
  // What each customer owes grows by their orders (credit-hold.ts), one ADD per customer.
  const owed = new Map<string, number>();
  for (const h of headers) owed.set(h.customerID, (owed.get(h.customerID) ?? 0) + owedOf(h));
  await Promise.all(
    [...owed].map(([customerId, delta]) =>
      delta === 0 ? undefined : update(customerEntity, { customerId }, { add: { owedCents: delta } }),
    ),
  );
  return result;
}
