import { beforeAll, describe, expect, it } from 'vitest';
import type { Brand, ChangeLogEntry, Customer, Order, Product } from '@bo/shared';
import { call, tokenFor } from '../support/stack';

/**
 * Stock history through the local stack: order writes move the stock ledger, the local stream poller hands
 * the ledger's records to the stock-movements consumer, and the product's change log gets the movements.
 * They arrive asynchronously, as from Lambda, so the tests poll with a deadline.
 */

const unique = () => Math.random().toString(36).slice(2, 10);
let sales: string;
let inventory: string;
let admin: string;

beforeAll(async () => {
  [sales, inventory, admin] = await Promise.all([tokenFor('SALES'), tokenFor('INVENTORY'), tokenFor('ADMIN')]);
});

const history = async (productId: string) => {
  const res = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/product/${productId}`, {
    token: admin,
  });
  expect(res.status).toBe(200);
  return res.body.entries.filter((e) =>
    e.changes.some((c) => c.field === 'stock' || c.field === 'pendingOutboundQuantity'),
  );
};

/** Polls `read` until `done` holds (or fails with the last value after the deadline). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const valuesOf = (entry: ChangeLogEntry | undefined, field: string) => {
  const c = entry?.changes.find((x) => x.field === field);
  return c ? [c.previousValue ?? null, c.newValue] : undefined;
};

describe('stock history over HTTP', () => {
  it('gets the reservation and the delivery of an order, then a manual adjustment once, adding up', async () => {
    const tag = unique();
    const typeId = (
      await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
        token: inventory,
        body: { name: `History type ${tag}` },
      })
    ).body.id;
    const brand = (
      await call<Brand>('POST', '/api/db/brands/addNew', {
        token: inventory,
        body: { name: `History Farms ${tag}`, skucode: `H${tag.slice(0, 5)}` },
      })
    ).body;
    const product = (
      await call<Product>('POST', '/api/db/products/addNew', {
        token: inventory,
        body: { name: 'Ledger Kush', brandID: brand.id, typeID: typeId, basePrice: 20, cost: 8, stock: 30 },
      })
    ).body;
    const customer = (
      await call<Customer>('POST', '/api/db/customers/addNew', { token: sales, body: { customerName: `Buyer ${tag}` } })
    ).body;
    const submitted = await call<Order>('POST', '/api/db/orders/new', {
      token: sales,
      body: {
        customerID: customer.id,
        pickupOrder: true,
        products: [{ productSku: product.sku, productBatchId: null, quantity: 7, unitPrice: 20 }],
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const order = submitted.body;
    const delivered = await call<Order>('PUT', `/api/db/orders/setStatus/${order.id}`, {
      token: inventory,
      body: { orderStatus: 'DELIVERED', modifiedOn: order.modifiedOn },
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);

    const moved = await eventually(
      () => history(product.id),
      (h) => h.filter((e) => e.order).length >= 2,
    );
    const [delivery, reservation, opening] = moved;
    expect(moved).toHaveLength(3);
    expect(reservation!.order).toEqual({ id: order.id, orderNum: order.orderNum, status: 'RECEIVED' });
    expect(valuesOf(reservation, 'pendingOutboundQuantity')).toEqual([0, 7]);
    expect(valuesOf(delivery, 'stock')).toEqual([30, 23]);
    expect(valuesOf(delivery, 'pendingOutboundQuantity')).toEqual([7, 0]);
    expect(delivery!.notes).toBe(`Order #${order.orderNum} DELIVERED`);
    expect(delivery!.userName).toBe('Ivy Inventory');
    expect(reservation!.userName).toBe('Sam Sales');
    expect(valuesOf(opening, 'stock')).toEqual([null, 30]);

    const adjusted = await call<Product>('PUT', `/api/db/products/update/${product.id}`, {
      token: inventory,
      body: { stock: 20, notes: 'Cycle count' },
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    // Another order afterwards: once its reservation has arrived, anything the adjustment could have caused
    // (it reaches the consumer first) would have too.
    const later = await call<Order>('POST', '/api/db/orders/new', {
      token: sales,
      body: {
        customerID: customer.id,
        pickupOrder: true,
        products: [{ productSku: product.sku, productBatchId: null, quantity: 2, unitPrice: 20 }],
      },
    });
    expect(later.status).toBe(200);
    const all = await eventually(
      () => history(product.id),
      (h) => h.some((e) => e.order?.id === later.body.id),
    );
    expect(all.map((e) => e.notes ?? e.action)).toEqual([
      `Order #${later.body.orderNum} RECEIVED`,
      'Cycle count',
      `Order #${order.orderNum} DELIVERED`,
      `Order #${order.orderNum} RECEIVED`,
      'create',
    ]);
    expect(valuesOf(all[1], 'stock')).toEqual([23, 20]);
    expect(valuesOf(all[0], 'pendingOutboundQuantity')).toEqual([0, 2]);
  });

  it('the demo products’ histories reconcile with their stock: each move starts where the last ended', async () => {
    const products = (await call<Product[]>('GET', '/api/db/products/getAll', { token: admin })).body;
    // The demo catalogue is dated before the demo orders (infra/local catalog-fixture).
    const demo = products.filter((p) => Date.parse(p.createdAt) < Date.now() - 60 * 86_400_000);
    expect(demo.length).toBeGreaterThan(50);
    /** Problems of one product's history walked oldest first (none when it reconciles with its figures now). */
    const problems = async (id: string) => {
      const [rows, p] = await Promise.all([
        history(id),
        call<Product>('GET', `/api/db/products/getByID/${id}`, { token: admin }).then((r) => r.body),
      ]);
      const found: string[] = [];
      let stock: unknown;
      let pending: unknown = 0;
      for (const e of rows.reverse()) {
        const s = e.changes.find((c) => c.field === 'stock');
        const q = e.changes.find((c) => c.field === 'pendingOutboundQuantity');
        if (s && stock !== undefined && s.previousValue !== stock)
          found.push(`${e.notes}: stock ${stock} → Prev ${s.previousValue}`);
        if (q && q.previousValue !== pending) found.push(`${e.notes}: pending ${pending} → Prev ${q.previousValue}`);
        if (s) stock = s.newValue;
        if (q) pending = q.newValue;
      }
      if (stock !== p.stock || pending !== p.pendingOutboundQuantity)
        found.push(`ends at ${stock}/${pending}, figures ${p.stock}/${p.pendingOutboundQuantity}`);
      return { found, orders: rows.filter((e) => e.order).length };
    };
    let withOrders = 0;
    for (const p of demo) {
      // Polled: an order placed on it meanwhile (another test file) reaches its history a moment later.
      const result = await eventually(
        () => problems(p.id),
        (r) => r.found.length === 0,
        5_000,
      );
      expect(result.found, p.sku).toEqual([]);
      if (result.orders > 0) withOrders++;
    }
    expect(withOrders).toBeGreaterThan(demo.length / 2);
  });
});
