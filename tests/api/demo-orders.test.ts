import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type Order, type OrderSummary } from '@bo/shared';
import {
  getProductWithBatches,
  listDeliveriesOf,
  listOrdersBetween,
  listPendingOrders,
  listProductItems,
  pendingOutboundOf,
  readStockLedger,
  type ProductItem,
  type StockView,
} from '@bo/functions/data';
import { hasRecentOrders, seedOrders } from '../../infra/local/src/orders-fixture';
import { SYSTEM } from '../../infra/local/src/seed';
import { freshDemoTable } from '../support/demo-table';

/**
 * The demo orders of `npm start` (infra/local/src/orders-fixture.ts), seeded into a fresh table of the test
 * stack's DynamoDB with the demo catalogue, locations, user profiles and customers: they exist in every
 * status, the driver has open deliveries, and the stock ledger agrees with them (pending outbound equals the
 * open orders' lines, no batch gives more than it has, no product is sold beyond its stock).
 */

let seeded: { orders: number; ms: number };
let products: ProductItem[];
let ledger: StockView;
let orders: OrderSummary[];
let pending: Order[];
const danId = 'demo-dan-driver';

beforeAll(async () => {
  await freshDemoTable((email, i) => (email === 'driver@example.com' ? danId : `demo-user-${i}`));
  seeded = await seedOrders(SYSTEM);
  const now = Date.now();
  [products, ledger, orders, pending] = await Promise.all([
    listProductItems(),
    readStockLedger(),
    listOrdersBetween(new Date(now - 62 * 86_400_000).toISOString(), new Date(now).toISOString()),
    listPendingOrders(),
  ]);
}, 240_000);

describe('demo orders', () => {
  it('seeds about 40 orders over the last 60 days in every status but REFUNDED, and only once', async () => {
    expect(seeded.orders).toBeGreaterThanOrEqual(35);
    expect(orders).toHaveLength(seeded.orders);
    const statuses = new Set(orders.map((o) => o.orderStatus));
    for (const status of ORDER_STATUSES.filter((s) => s !== 'REFUNDED')) expect(statuses, status).toContain(status);
    expect(orders.some((o) => o.pickupOrder)).toBe(true);
    expect(orders.some((o) => !o.pickupOrder)).toBe(true);
    expect(orders.filter((o) => o.orderStatus !== 'DRAFT').every((o) => /^\d+$/.test(o.orderNum))).toBe(true);
    expect(new Set(orders.map((o) => o.orderNum)).size).toBe(orders.length);
    for (const o of pending) {
      const skus = new Set(o.orderedItems.map((l) => l.productSku));
      expect(skus.size).toBeGreaterThanOrEqual(3);
      expect(skus.size).toBeLessThanOrEqual(10);
    }
    expect(await hasRecentOrders()).toBe(true);
    expect((await seedOrders(SYSTEM)).orders).toBe(0);
  });

  it('gives Dan Driver open deliveries from today on', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const deliveries = await listDeliveriesOf(danId);
    expect(deliveries.length).toBeGreaterThanOrEqual(4);
    expect(deliveries.every((o) => !o.pickupOrder && o.driverId === danId && (o.deliveryDate ?? '') >= today)).toBe(
      true,
    );
    expect(deliveries.some((o) => o.deliveryDate === today)).toBe(true);
  });

  it('keeps the stock ledger true: pending outbound = open lines, no batch over-drawn, nothing oversold', async () => {
    const openUnits = new Map<string, number>();
    for (const line of pending.flatMap((o) => o.orderedItems))
      openUnits.set(line.productSku, (openUnits.get(line.productSku) ?? 0) + line.quantity);
    expect(openUnits.size).toBeGreaterThan(5);
    for (const p of products) {
      expect(ledger.pending(p.productId), p.sku).toBe(openUnits.get(p.sku) ?? 0);
      expect(ledger.stock(p.productId) - ledger.pending(p.productId), p.sku).toBeGreaterThanOrEqual(0);
    }
    // The Pending Orders popover of the SKU with the most open units adds up to the same figure.
    const [sku, units] = [...openUnits].sort((a, b) => b[1] - a[1])[0]!;
    expect((await pendingOutboundOf(sku)).reduce((sum, o) => sum + o.quantity, 0)).toBe(units);

    const batched = pending.flatMap((o) => o.orderedItems).filter((l) => l.productBatchId);
    expect(batched.length).toBeGreaterThan(0);
    const withBatches = await Promise.all(
      products.filter((p) => p.hasBatch).map((p) => getProductWithBatches(p.productId)),
    );
    for (const batch of withBatches.flatMap((found) => found?.batches ?? [])) {
      expect(ledger.free(batch.batchId), batch.batchNumber).toBeGreaterThanOrEqual(0);
      expect(ledger.remaining(batch.batchId), batch.batchNumber).toBeGreaterThanOrEqual(0);
    }
  });
});
