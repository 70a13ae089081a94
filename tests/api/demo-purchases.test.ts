import { beforeAll, describe, expect, it } from 'vitest';
import { fillToQuantity, onOrderUnits, type PurchaseOrder } from '@bo/shared';
import {
  getProductWithBatches,
  getPurchaseOrder,
  listOnOrder,
  listProductItems,
  listPurchaseOrders,
  readStockLedger,
  type ProductItem,
  type StockView,
} from '@bo/functions/data';
import { seedOrders } from '../../infra/local/src/orders-fixture';
import { DEMO_PURCHASES, seedPurchaseOrders } from '../../infra/local/src/purchases-fixture';
import { SYSTEM } from '../../infra/local/src/seed';
import { freshDemoTable } from '../support/demo-table';

/**
 * The demo purchase orders of `npm start` (infra/local/src/purchases-fixture.ts), seeded into a fresh table of
 * the test stack's DynamoDB after the demo catalogue and sales orders, as a fresh stack does.
 */

let seeded: { purchaseOrders: number };
let orders: PurchaseOrder[];
let before: { products: ProductItem[]; ledger: StockView };
let after: StockView;

beforeAll(async () => {
  await freshDemoTable();
  await seedOrders(SYSTEM);
  before = { products: await listProductItems(), ledger: await readStockLedger() };
  seeded = await seedPurchaseOrders(SYSTEM);
  const summaries = await listPurchaseOrders({});
  orders = (await Promise.all(summaries.map((s) => getPurchaseOrder(s.id)))).map((o) => o!);
  after = await readStockLedger();
}, 240_000);

const withStatus = (status: PurchaseOrder['orderStatus']) => orders.find((o) => o.orderStatus === status)!;

describe('demo purchase orders', () => {
  it('seeds one per status of the plan, each for its own brand, and only once', async () => {
    expect(seeded.purchaseOrders).toBe(DEMO_PURCHASES.length);
    expect(orders.map((o) => o.orderStatus).sort()).toEqual(DEMO_PURCHASES.map((d) => d.status).sort());
    expect(new Set(orders.map((o) => o.brandID)).size).toBe(orders.length);
    expect(withStatus('DRAFT').paymentStatus).toBe('DRAFT');
    expect(withStatus('DRAFT').expectedDeliveryOn).toBeNull();
    expect(withStatus('CANCELLED').paymentStatus).toBe('CANCELLED');
    expect(withStatus('RECEIVED').paymentStatus).toBe('PAID');
    expect((await seedPurchaseOrders(SYSTEM)).purchaseOrders).toBe(0);
    expect(await listPurchaseOrders({})).toHaveLength(orders.length);
  });

  it('orders what Fill To would, counting the demo sales orders’ pending outbound', () => {
    const bySku = new Map(before.products.map((p) => [p.sku, p]));
    for (const order of orders) {
      const plan = DEMO_PURCHASES.find((d) => d.status === order.orderStatus)!;
      expect(order.purchaseOrderItems.length).toBeGreaterThan(0);
      expect(order.purchaseOrderItems.length).toBeLessThanOrEqual(plan.lines);
      for (const line of order.purchaseOrderItems) {
        const product = bySku.get(line.productSku)!;
        expect(product.brandID).toBe(order.brandID);
        const stock = {
          stock: before.ledger.stock(product.productId),
          pendingOutboundQuantity: before.ledger.pending(product.productId),
        };
        expect(line.quantity, line.productSku).toBe(fillToQuantity(plan.target, stock));
        expect(line.quantity).toBeGreaterThan(0);
      }
      expect(order.unitQuantity).toBe(order.purchaseOrderItems.reduce((n, l) => n + l.quantity, 0));
    }
  });

  it('the received order stocked every line once and checked in a batch for each batched product', async () => {
    const received = withStatus('RECEIVED');
    expect(received.purchaseOrderItems.every((l) => l.hasBeenStocked)).toBe(true);
    const bySku = new Map(before.products.map((p) => [p.sku, p]));
    for (const line of received.purchaseOrderItems) {
      const product = bySku.get(line.productSku)!;
      expect(after.stock(product.productId), line.productSku).toBe(
        before.ledger.stock(product.productId) + line.quantity,
      );
      const batches = (await getProductWithBatches(product.productId))!.batches.filter(
        (b) => b.batchNumber === `PO-${received.purchaseOrderNum}`,
      );
      expect(batches.map((b) => [b.initialQuantity, b.isCheckedIn])).toEqual(
        product.hasBatch ? [[line.quantity, true]] : [],
      );
    }
    // No other order moved stock.
    const others = new Set(
      orders.filter((o) => o !== received).flatMap((o) => o.purchaseOrderItems.map((l) => l.productSku)),
    );
    for (const sku of others) {
      const product = bySku.get(sku)!;
      expect(after.stock(product.productId), sku).toBe(before.ledger.stock(product.productId));
    }
  });

  it('puts the PENDING and ORDERED orders on order, and nothing of the others', async () => {
    const expected = new Map<string, number>();
    for (const order of orders)
      for (const [sku, units] of onOrderUnits(order)) expected.set(sku, (expected.get(sku) ?? 0) + units);
    const open = orders.filter((o) => o.orderStatus === 'PENDING' || o.orderStatus === 'ORDERED');
    expect(expected.size).toBe(open.reduce((n, o) => n + o.purchaseOrderItems.length, 0));
    const onOrder = await listOnOrder();
    expect(new Map(onOrder.map((o) => [o.productSku, o.units]))).toEqual(expected);
  });
});
