import { expect } from 'vitest';
import type { Batch, Brand, Product, PurchaseOrder } from '@bo/shared';
import { call, tokenFor } from '../support/stack';

/**
 * What the purchasing browser test restocks, made through the API (fast and deterministic), named with `tag`
 * so it is unique per run: a type, a brand with a brand stock limit of `BRAND_LIMIT`, and three products.
 *
 * - `flower`: stock 10, one checked-in batch, and 4 units held by an open (RECEIVED) sales order, so its
 *   available stock is 6 (Fill To counts pending outbound);
 * - `preroll`: stock 5, batch-tracked, no batch yet (receiving checks one in);
 * - `bites`: stock 25, not batch-tracked (receiving adds stock only).
 */
export interface PurchaseFixture {
  brand: Brand;
  flower: Product;
  preroll: Product;
  bites: Product;
}

export const BRAND_LIMIT = 100;
export const STOCK = { flower: 10, preroll: 5, bites: 25 } as const;
export const PENDING = { flower: 4 } as const;

export async function preparePurchaseFixture(tag: string): Promise<PurchaseFixture> {
  const [inventory, sales, admin] = await Promise.all([tokenFor('INVENTORY'), tokenFor('SALES'), tokenFor('ADMIN')]);
  const type = await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
    token: inventory,
    body: { name: `Restock ${tag}` },
  });
  expect(type.status, JSON.stringify(type.body)).toBe(200);
  const brand = await call<Brand>('POST', '/api/db/brands/addNew', {
    token: inventory,
    body: { name: `Meadow ${tag}`, skucode: `M${tag.slice(-4)}` },
  });
  expect(brand.status, JSON.stringify(brand.body)).toBe(200);
  const limit = await call<Brand>('POST', `/api/db/brands/updateStockLimits/${brand.body.id}`, {
    token: admin,
    body: { maxBrandStock: BRAND_LIMIT },
  });
  expect(limit.status, JSON.stringify(limit.body)).toBe(200);

  const product = async (name: string, stock: number, hasBatch: boolean) => {
    const created = await call<Product>('POST', '/api/db/products/addNew', {
      token: inventory,
      body: { name, brandID: brand.body.id, typeID: type.body.id, basePrice: 30, cost: 12.5, stock, hasBatch },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body;
  };
  const flower = await product(`Citrus Flower ${tag}`, STOCK.flower, true);
  const preroll = await product(`Mango Pre-Roll ${tag}`, STOCK.preroll, true);
  const bites = await product(`Cocoa Bites ${tag}`, STOCK.bites, false);
  const batch = await call('POST', `/api/db/products/addBatch/${flower.id}`, {
    token: inventory,
    body: { batchNumber: `CF-${tag}`, receivedOn: '2026-10-01', isCheckedIn: true, initialQuantity: STOCK.flower },
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(200);

  // An open sales order holds 4 flower units: pending outbound.
  const customer = await call<{ id: string }>('POST', '/api/db/customers/addNew', {
    token: sales,
    body: { customerName: `Restock Buyer ${tag}`, orderType: 'PICKUP' },
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  const order = await call('POST', '/api/db/orders/new', {
    token: sales,
    body: {
      customerID: customer.body.id,
      pickupOrder: true,
      orderStatus: 'RECEIVED',
      paymentStatus: 'AWAITING',
      products: [{ productSku: flower.sku, productBatchId: null, quantity: PENDING.flower, unitPrice: 30 }],
    },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return { brand: brand.body, flower, preroll, bites };
}

export const productById = async (id: string) =>
  (await call<Product>('GET', `/api/db/products/getByID/${id}`, { token: await tokenFor('PURCHASING') })).body;

/** The product's batches (none: the route answers 404, "no batch"). */
export const batchesOf = async (sku: string): Promise<Batch[]> => {
  const read = await call<{ batches: Batch[] }>('GET', `/api/db/products/getBySku/${sku}`, {
    token: await tokenFor('INVENTORY'),
  });
  if (read.status === 404) return [];
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  return read.body.batches;
};

/** The purchase order by number, unwrapped from the route's `res`. */
export const purchaseOrderByNumber = async (num: string) => {
  const read = await call<{ res: PurchaseOrder }>('GET', `/api/db/purchases/getById/${encodeURIComponent(num)}`, {
    token: await tokenFor('PURCHASING'),
  });
  return { ...read, body: read.body?.res as PurchaseOrder };
};
