import { beforeAll, describe, expect, it } from 'vitest';
import type { Brand, ChangeLogEntry, Product, PurchaseOrder } from '@bo/shared';
import { call, tokenFor } from '../support/stack';

/**
 * Receiving orders larger than one transaction holds (more than 40 lines, receiving.ts RECEIVE_CHUNK):
 * concurrent receives and an update to RECEIVED still stock every line exactly once, with one batch per
 * batched line; and the stock history names the purchase order.
 */

const unique = () => Math.random().toString(36).slice(2, 10);
const LINES = 45;

let purchasing: string;
let inventory: string;
let admin: string;
let brand: Brand;
let products: Product[];

const stockOf = async () => {
  const res = await call<{ res: Product[] }>('GET', `/api/db/products/getByBrandID/${brand.id}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map(res.body.res.map((p) => [p.id, p.stock]));
};

const batchesOf = async (p: Product, purchaseOrderNum: string) =>
  ((await call<Product>('GET', `/api/db/products/getByID/${p.id}`, { token: admin })).body.orderBatches ?? []).filter(
    (b) => b.batchNumber === `PO-${purchaseOrderNum}`,
  );

const createOrder = async () => {
  const res = await call<PurchaseOrder>('POST', '/api/db/purchases/new', {
    token: purchasing,
    body: {
      brandID: brand.id,
      expectedDeliveryOn: null,
      orderStatus: 'PENDING',
      notes: null,
      purchaseOrderItems: products.map((p, i) => ({ productSku: p.sku, orderQuantity: i + 1, unitCost: 1.1 })),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.purchaseOrderItems).toHaveLength(LINES);
  return res.body;
};

/** Every product's stock rose by its line's quantity, once. */
const expectStockedOnce = (before: Map<string, number>, after: Map<string, number>) =>
  expect(products.map((p) => after.get(p.id)! - before.get(p.id)!)).toEqual(products.map((_, i) => i + 1));

beforeAll(async () => {
  [purchasing, inventory, admin] = await Promise.all([
    tokenFor('PURCHASING'),
    tokenFor('INVENTORY'),
    tokenFor('ADMIN'),
  ]);
  const typeId = (
    await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
      token: inventory,
      body: { name: `Bulk PO type ${unique()}` },
    })
  ).body.id;
  brand = (
    await call<Brand>('POST', '/api/db/brands/addNew', {
      token: inventory,
      body: { name: `Bulk Farms ${unique()}`, skucode: `B${unique().slice(0, 5)}` },
    })
  ).body;
  products = [];
  for (let i = 0; i < LINES; i += 9) {
    const made = await Promise.all(
      Array.from({ length: Math.min(9, LINES - i) }, (_, j) =>
        call<Product>('POST', '/api/db/products/addNew', {
          token: inventory,
          body: {
            name: `Bulk ${i + j}`,
            brandID: brand.id,
            typeID: typeId,
            basePrice: 10,
            cost: 1,
            stock: 100,
            hasBatch: (i + j) % 3 === 0,
          },
        }),
      ),
    );
    for (const res of made) expect(res.status, JSON.stringify(res.body)).toBe(200);
    products.push(...made.map((r) => r.body));
  }
}, 120_000);

describe(`a ${LINES}-line purchase order`, () => {
  it('received three times at once: stock rises once per line, one batch per batched line', async () => {
    const order = await createOrder();
    const before = await stockOf();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call<{ message?: string }>('PUT', `/api/db/purchases/receive/${order.id}`, { token: inventory, body: {} }),
      ),
    );
    for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(results.some((r) => r.status === 200)).toBe(true);
    expectStockedOnce(before, await stockOf());
    const read = (await call<{ res: PurchaseOrder }>('GET', `/api/db/purchases/getById/${order.id}`, { token: admin }))
      .body.res;
    expect(read.orderStatus).toBe('RECEIVED');
    expect(read.purchaseOrderItems.every((l) => l.hasBeenStocked)).toBe(true);
    const batched = products.filter((_, i) => i % 3 === 0);
    const counts = await Promise.all(batched.map((p) => batchesOf(p, order.purchaseOrderNum)));
    expect(counts.map((b) => b.length)).toEqual(batched.map(() => 1));
  });

  it('updated to RECEIVED (with modifiedOn) receives every line once', async () => {
    const order = await createOrder();
    const before = await stockOf();
    const res = await call<PurchaseOrder & { message?: string }>('PUT', `/api/db/purchases/update/${order.id}`, {
      token: purchasing,
      body: {
        brandID: brand.id,
        expectedDeliveryOn: null,
        orderStatus: 'RECEIVED',
        paymentStatus: 'PAID',
        notes: null,
        purchaseOrderNum: order.purchaseOrderNum,
        purchaseOrderItems: order.purchaseOrderItems.map((l) => ({
          productSku: l.productSku,
          orderQuantity: l.quantity,
          unitCost: l.unitCost,
        })),
        modifiedOn: order.modifiedOn,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ orderStatus: 'RECEIVED', paymentStatus: 'PAID' });
    expect(res.body.purchaseOrderItems.every((l) => l.hasBeenStocked)).toBe(true);
    expectStockedOnce(before, await stockOf());

    const again = await call<{ message: string }>('PUT', `/api/db/purchases/receive/${order.id}`, {
      token: inventory,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Already received/);
  });

  it("writes the receipt to the products' stock history, naming the purchase order", async () => {
    const order = await createOrder();
    const received = await call('PUT', `/api/db/purchases/receive/${order.id}`, { token: inventory, body: {} });
    expect(received.status).toBe(200);
    const p = products[4]!;
    const deadline = Date.now() + 20_000;
    let entry: ChangeLogEntry | undefined;
    while (!entry && Date.now() < deadline) {
      const res = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/product/${p.id}`, {
        token: admin,
      });
      entry = res.body.entries.find((e) => e.notes === `Purchase order #${order.purchaseOrderNum} RECEIVED`);
      if (!entry) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(entry, 'no stock-history entry for the receipt').toBeDefined();
    const change = entry!.changes.find((c) => c.field === 'stock')!;
    expect(Number(change.newValue) - Number(change.previousValue)).toBe(5);
  });
});
