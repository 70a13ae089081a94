import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBrand,
  createCustomer,
  createLocation,
  createOrder,
  createProduct,
  createProductType,
  dynamoClient,
  listChangeLog,
  setClients,
  updateOrder,
  updateProduct,
  type Actor,
} from '@bo/functions/data';
import { newOrderBody, type ChangeLogEntry, type Product } from '@bo/shared';
import { useFreshTable } from '../../functions/test/support/env';
import { handler } from '../src/consumers/stock-movements';
import { followStream } from './support/stream';

const sales: Actor = { userId: 'sales-1', roles: ['SALES'], isAdmin: false, name: 'Sam Sales' };
const driver: Actor = { userId: 'driver-1', roles: ['DRIVER'], isAdmin: false, name: 'Dan Driver' };
const inventory: Actor = { userId: 'inv-1', roles: ['INVENTORY'], isAdmin: false, name: 'Ivy Inventory' };

let stream: Awaited<ReturnType<typeof followStream>>;
let a: Product;
let b: Product;
let customerId: string;

beforeAll(async () => {
  stream = await followStream(await useFreshTable());
  const typeId = (await createProductType({ name: 'Flower' }, inventory)).id;
  const brand = await createBrand({ name: 'Stream Farms', skucode: 'STR' }, inventory);
  const product = (name: string, stock: number) =>
    createProduct(
      {
        name,
        brandID: brand.id,
        typeID: typeId,
        status: 'ACTIVE',
        basePrice: 20,
        cost: 8,
        discountEligible: true,
        hasBatch: false,
        hideFromCatalog: false,
        stock,
      },
      inventory,
    );
  [a, b] = [await product('Alpha', 50), await product('Beta', 10)];
  customerId = (
    await createCustomer(
      {
        customerName: 'Stream Buyer',
        commpref: 'EMAIL',
        type: 'WHOLESALE',
        orderType: 'PICKUP',
        priceAdjustment: 0,
        autoRefreshPricing: false,
      },
      sales,
    )
  ).id;
  await createLocation({ name: 'Main Warehouse', color: '#0972d3' }, inventory);
});

const stockHistory = async (productId: string): Promise<ChangeLogEntry[]> =>
  (await listChangeLog('product', productId, { limit: 100 })).entries.filter((e) =>
    e.changes.some((c) => c.field === 'stock' || c.field === 'pendingOutboundQuantity'),
  );
const valuesOf = (entry: ChangeLogEntry, field: string) => {
  const c = entry.changes.find((x) => x.field === field);
  return c ? [c.previousValue, c.newValue] : undefined;
};

describe('stock movements from the ledger stream', () => {
  let records: DynamoDBRecord[];
  let orderNum: string;

  it('an order submitted then delivered gives each product its reservation and its consumption', async () => {
    await stream.next(); // the catalogue's own writes: no cause, no movements
    const order = await createOrder(
      newOrderBody.parse({
        customerID: customerId,
        pickupOrder: true,
        products: [
          { productSku: a.sku, productBatchId: null, quantity: 6, unitPrice: 20 },
          { productSku: b.sku, productBatchId: null, quantity: 4, unitPrice: 20 },
        ],
      }),
      sales,
    );
    orderNum = order.orderNum;
    await updateOrder(order.id, { orderStatus: 'DELIVERED' }, driver);
    records = await stream.next();
    expect(records.length).toBeGreaterThan(0);

    const result = await handler(stream.event(records));
    expect(result.batchItemFailures).toEqual([]);

    const history = await stockHistory(a.id);
    // Newest first: the delivery, the reservation, then the product's creation with its opening stock.
    expect(history.map((e) => e.notes ?? e.action)).toEqual([
      `Order #${orderNum} DELIVERED`,
      `Order #${orderNum} RECEIVED`,
      'create',
    ]);
    const [delivered, reserved, created] = history;
    expect(valuesOf(created!, 'stock')).toEqual([undefined, 50]);
    expect(valuesOf(reserved!, 'pendingOutboundQuantity')).toEqual([0, 6]);
    expect(valuesOf(reserved!, 'stock')).toBeUndefined();
    expect(valuesOf(delivered!, 'stock')).toEqual([50, 44]);
    expect(valuesOf(delivered!, 'pendingOutboundQuantity')).toEqual([6, 0]);
    expect(reserved!.order).toEqual({ id: order.id, orderNum, status: 'RECEIVED' });
    expect([reserved!.userId, reserved!.userName, delivered!.userId, delivered!.userName]).toEqual([
      'sales-1',
      'Sam Sales',
      'driver-1',
      'Dan Driver',
    ]);
    expect(Date.parse(delivered!.createdAt)).toBeGreaterThanOrEqual(Date.parse(reserved!.createdAt));

    const beta = await stockHistory(b.id);
    expect(beta.slice(0, 2).map((e) => [valuesOf(e, 'stock'), valuesOf(e, 'pendingOutboundQuantity')])).toEqual([
      [
        [10, 6],
        [4, 0],
      ],
      [undefined, [0, 4]],
    ]);
  });

  it('a retried batch writes nothing new', async () => {
    const before = await stockHistory(a.id);
    const result = await handler(stream.event(records));
    expect(result.batchItemFailures).toEqual([]);
    expect(await stockHistory(a.id)).toEqual(before);
    expect(await stockHistory(b.id)).toHaveLength(3);
  });

  it('a manual adjustment is recorded once, by the adjustment itself, and its Prev follows the delivery', async () => {
    await updateProduct(a.id, { stock: 40, notes: 'Recount' }, inventory);
    const adjustment = await stream.next();
    expect(adjustment.length).toBeGreaterThan(0); // the ledger bucket changed...
    expect((await handler(stream.event(adjustment))).batchItemFailures).toEqual([]);
    const history = await stockHistory(a.id);
    expect(history).toHaveLength(4); // ...but its bucket kept the order's cause: no second entry
    expect(history[0]!.notes).toBe('Recount');
    expect(valuesOf(history[0]!, 'stock')).toEqual([44, 40]);
    expect(history[0]!.order).toBeUndefined();
  });

  it('cancelling an open order records the release of its reservation', async () => {
    const order = await createOrder(
      newOrderBody.parse({
        customerID: customerId,
        pickupOrder: true,
        products: [{ productSku: a.sku, productBatchId: null, quantity: 3, unitPrice: 20 }],
      }),
      sales,
    );
    await updateOrder(order.id, { orderStatus: 'CANCELLED' }, sales);
    expect((await handler(stream.event(await stream.next()))).batchItemFailures).toEqual([]);
    const [cancelled, reserved] = await stockHistory(a.id);
    expect(cancelled!.notes).toBe(`Order #${order.orderNum} CANCELLED`);
    expect(valuesOf(cancelled!, 'pendingOutboundQuantity')).toEqual([3, 0]);
    expect(valuesOf(reserved!, 'pendingOutboundQuantity')).toEqual([0, 3]);
  });

  it('reports the first record it could not write, so the stream retries from there', async () => {
    const order = await createOrder(
      newOrderBody.parse({
        customerID: customerId,
        pickupOrder: true,
        products: [{ productSku: b.sku, productBatchId: null, quantity: 1, unitPrice: 20 }],
      }),
      sales,
    );
    const pending = await stream.next();
    const original = dynamoClient();
    const faulty = mockClient(DynamoDBDocumentClient.from(new DynamoDBClient({})));
    faulty
      .on(PutCommand)
      .rejects(Object.assign(new Error('Throughput exceeded'), { name: 'ProvisionedThroughputExceededException' }));
    setClients({ dynamo: faulty as unknown as DynamoDBDocumentClient });
    let failed;
    try {
      failed = await handler(stream.event(pending));
    } finally {
      setClients({ dynamo: original });
    }
    const moving = pending.findIndex((r) => r.dynamodb?.NewImage?.m !== undefined);
    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: pending[moving]!.dynamodb!.SequenceNumber }]);
    // The retry (from that record on) records the reservation once.
    expect((await handler(stream.event(pending.slice(moving)))).batchItemFailures).toEqual([]);
    const [reserved] = await stockHistory(b.id);
    expect(reserved!.order?.orderNum).toBe(order.orderNum);
    expect(valuesOf(reserved!, 'pendingOutboundQuantity')).toEqual([0, 1]);
  });
});
