import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBrand,
  createCustomer,
  createOrder,
  createProduct,
  createProductType,
  updateOrder,
  updateProduct,
  type Actor,
} from '@bo/functions/data';
import { movementEntriesOf, writeMovementEntries } from '@bo/functions/data/stock-movements';
import { createOrdersBulk } from '@bo/functions/data/seed';
import { defaultLocationId, getProductItemsByIds } from '@bo/functions/data';
import { newOrderBody, type Product } from '@bo/shared';
import { useFreshTable } from '../../functions/test/support/env';
import { readMonthMoves, readRecordedSince } from '../../functions/src/data/stock-moves';
import { handler } from '../src/consumers/stock-movements';
import { followStream } from './support/stream';

/**
 * The stock movement months (the inventory reports' figures) are written with the stream's history entries, in
 * one transaction with each entry's `attribute_not_exists` put: a movement delivered twice, or written by two
 * consumers at once, counts once.
 */

const sales: Actor = { userId: 'sales-1', roles: ['SALES'], isAdmin: false, name: 'Sam Sales' };
const driver: Actor = { userId: 'driver-1', roles: ['DRIVER'], isAdmin: false, name: 'Dan Driver' };
const inventory: Actor = { userId: 'inv-1', roles: ['INVENTORY'], isAdmin: false, name: 'Ivy Inventory' };

let stream: Awaited<ReturnType<typeof followStream>>;
let a: Product;
let customerId: string;
const month = () => new Date().toISOString().slice(0, 7);
const moved = async (productId: string) => (await readMonthMoves(month())).moved(productId);

beforeAll(async () => {
  stream = await followStream(await useFreshTable());
  const typeId = (await createProductType({ name: 'Flower' }, inventory)).id;
  const brand = await createBrand({ name: 'Month Farms', skucode: 'MON' }, inventory);
  a = await createProduct(
    {
      name: 'Alpha',
      brandID: brand.id,
      typeID: typeId,
      status: 'ACTIVE',
      basePrice: 20,
      cost: 8,
      discountEligible: true,
      hasBatch: false,
      hideFromCatalog: false,
      stock: 50,
    },
    inventory,
  );
  customerId = (
    await createCustomer(
      {
        customerName: 'Month Buyer',
        commpref: 'EMAIL',
        type: 'WHOLESALE',
        orderType: 'PICKUP',
        priceAdjustment: 0,
        autoRefreshPricing: false,
      },
      sales,
    )
  ).id;
});

/** An order of `quantity` of product a, submitted then delivered: the stream records of both writes. */
async function deliveredOrder(quantity: number): Promise<DynamoDBRecord[]> {
  await stream.next(); // whatever came before
  const order = await createOrder(
    newOrderBody.parse({
      customerID: customerId,
      pickupOrder: true,
      products: [{ productSku: a.sku, productBatchId: null, quantity, unitPrice: 20 }],
    }),
    sales,
  );
  await updateOrder(order.id, { orderStatus: 'DELIVERED' }, driver);
  return stream.next();
}

describe('stock movement months from the ledger stream', () => {
  it('counts the opening stock with the product, and a manual adjustment with it', async () => {
    expect(await moved(a.id)).toBe(50);
    await updateProduct(a.id, { stock: 46, notes: 'Recount' }, inventory);
    expect(await moved(a.id)).toBe(46);
    await updateProduct(a.id, { stock: 50, notes: 'Found them' }, inventory);
    expect(await moved(a.id)).toBe(50);
  });

  it('adds a delivery once, however often the same records are delivered, and keeps the day sold', async () => {
    const records = await deliveredOrder(6);
    expect(records.length).toBeGreaterThan(0);
    expect(await readRecordedSince()).toBeNull();
    expect((await handler(stream.event(records))).batchItemFailures).toEqual([]);
    expect(await moved(a.id)).toBe(44);
    expect((await readMonthMoves(month())).soldOn(a.id)).toBe(new Date().toISOString().slice(0, 10));
    expect(await readRecordedSince()).toBe(month());

    // The same batch again (a retry), twice: nothing more.
    expect((await handler(stream.event(records))).batchItemFailures).toEqual([]);
    expect((await handler(stream.event(records))).batchItemFailures).toEqual([]);
    expect(await moved(a.id)).toBe(44);
  });

  it('adds entries written by two writers at once only once', async () => {
    const records = await deliveredOrder(5);
    const entries = records.flatMap(movementEntriesOf);
    const stocked = entries.filter((e) => e.changes.some((c) => c.field === 'stock'));
    expect(stocked).toHaveLength(1);
    const results = await Promise.all([writeMovementEntries(entries), writeMovementEntries(entries)]);
    expect(results.reduce((n, r) => n + r.written, 0)).toBe(entries.length);
    expect(results.reduce((n, r) => n + r.existing, 0)).toBe(entries.length);
    expect(await moved(a.id)).toBe(39);
    // And the stream's own delivery of them afterwards adds nothing either.
    expect((await handler(stream.event(records))).batchItemFailures).toEqual([]);
    expect(await moved(a.id)).toBe(39);
  });

  it('counts back-dated bulk orders (seeding, benchmarks) in the months they were made, and moves the first month back', async () => {
    const item = (await getProductItemsByIds([a.id])).get(a.id)!;
    const packingLocationId = await defaultLocationId();
    const back = (months: number, day: number) => {
      const d = new Date();
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, day, 12)).toISOString();
    };
    const order = (createdAt: string, quantity: number) => ({
      customer: { customerId, customerName: 'Month Buyer' },
      orderStatus: 'DELIVERED' as const,
      createdAt,
      pickupOrder: true,
      packingLocationId,
      lines: [{ product: item, quantity, priceCents: 2000 }],
    });
    await createOrdersBulk([order(back(3, 4), 2), order(back(3, 20), 1), order(back(2, 9), 4)], sales);
    const monthAgo = (n: number) => back(n, 1).slice(0, 7);
    expect((await readMonthMoves(monthAgo(3))).moved(a.id)).toBe(-3);
    expect((await readMonthMoves(monthAgo(3))).soldOn(a.id)).toBe(back(3, 20).slice(0, 10));
    expect((await readMonthMoves(monthAgo(2))).moved(a.id)).toBe(-4);
    expect(await readRecordedSince()).toBe(monthAgo(3));
  });
});
