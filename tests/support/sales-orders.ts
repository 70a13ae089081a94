/**
 * What the sales-order API tests (sales-orders.test.ts, sales-orders-guards.test.ts) share: the setup each file
 * makes once, and the calls they repeat (new products and batches, a product read, a submit).
 */
import { expect } from 'vitest';
import type { Brand, Customer, Order, Product } from '@bo/shared';
import { call, tokenFor } from './stack';

export const unique = () => Math.random().toString(36).slice(2, 10);

let sales: string;
let admin: string;
let inventory: string;
let brand: Brand;
let typeId: string;
let customer: Customer;
let driverId: string;

export async function newProduct(name: string, body: Record<string, unknown> = {}): Promise<Product> {
  const created = await call<Product>('POST', '/api/db/products/addNew', {
    token: inventory,
    body: { name, brandID: brand.id, typeID: typeId, basePrice: 20, cost: 8, stock: 50, ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body;
}

export async function newBatch(
  productId: string,
  batchNumber: string,
  quantity: number,
  receivedOn: string,
  checkedIn = true,
) {
  const res = await call<{ id: string }>('POST', `/api/db/products/addBatch/${productId}`, {
    token: inventory,
    body: { batchNumber, receivedOn, isCheckedIn: checkedIn, initialQuantity: quantity },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

export const product = async (id: string) =>
  (await call<Product>('GET', `/api/db/products/getByID/${id}`, { token: admin })).body;
export const batchOf = (p: Product, batchId: string) => p.orderBatches!.find((b) => b.id === batchId)!;

export type Line = { productSku: string; productBatchId: string | null; quantity: number; unitPrice: number };

export const submit = (
  products: Line[],
  extra: Record<string, unknown> = {},
  token = sales,
  headers?: Record<string, string>,
) =>
  call<Order>('POST', '/api/db/orders/new', {
    token,
    ...(headers ? { headers } : {}),
    body: { customerID: customer.id, pickupOrder: true, products, ...extra },
  });

/**
 * Signs in as SALES, ADMIN and INVENTORY and makes what the tests share: a product type, a brand, a customer; finds
 * the demo driver. Each test file calls it once, in its beforeAll.
 */
export async function setUpSalesOrders() {
  [sales, admin, inventory] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN'), tokenFor('INVENTORY')]);
  typeId = (
    await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
      token: inventory,
      body: { name: `Order type ${unique()}` },
    })
  ).body.id;
  brand = (
    await call<Brand>('POST', '/api/db/brands/addNew', {
      token: inventory,
      body: { name: `Order Farms ${unique()}`, skucode: `O${unique().slice(0, 5)}` },
    })
  ).body;
  customer = (
    await call<Customer>('POST', '/api/db/customers/addNew', {
      token: sales,
      body: { customerName: `Buyer ${unique()}` },
    })
  ).body;
  const drivers = await call<Array<{ id: string; name: string }>>('GET', '/api/db/users/getDrivers', { token: sales });
  driverId = drivers.body.find((d) => d.name === 'Dan Driver')!.id;
  return { sales, admin, inventory, brand, typeId, customer, driverId };
}
