import { expect } from 'vitest';
import type { Brand, Customer, Order, Payment, Product } from '@bo/shared';
import { call, tokenFor } from './stack';

/** What the payments API tests share: a product to sell, customers with credit and orders of known totals. */

const unique = () => Math.random().toString(36).slice(2, 10);

export type PaymentFail = { message: string; issues?: Array<{ path: string; message: string }> };

/** A product at $1 a unit, unbatched and plentiful, so an order of N units totals $N. */
export async function dollarProduct(inventory: string): Promise<Product> {
  const typeId = (
    await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
      token: inventory,
      body: { name: `Pay type ${unique()}` },
    })
  ).body.id;
  const brand = (
    await call<Brand>('POST', '/api/db/brands/addNew', {
      token: inventory,
      body: { name: `Pay Farms ${unique()}`, skucode: `Y${unique().slice(0, 5)}` },
    })
  ).body;
  const res = await call<Product>('POST', '/api/db/products/addNew', {
    token: inventory,
    body: {
      name: 'Pay Kush',
      brandID: brand.id,
      typeID: typeId,
      basePrice: 1,
      cost: 0.5,
      stock: 1_000_000,
      hasBatch: false,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A customer with `credit` dollars of credit and submitted orders of the given totals (dollars). */
export async function customerWithOrders(sales: string, product: Product, totals: number[], credit = 0) {
  const customer = (
    await call<Customer>('POST', '/api/db/customers/addNew', {
      token: sales,
      body: { customerName: `Payer ${unique()}` },
    })
  ).body;
  if (credit > 0) {
    // A hand adjustment of credit is an ADMIN's, with a note (issue 23).
    const res = await call('PUT', `/api/db/customers/update/${customer.id}`, {
      token: await tokenFor('ADMIN'),
      body: { creditAvailable: credit, creditNote: 'Test credit' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const orders: Order[] = [];
  for (const total of totals) {
    const res = await call<Order>('POST', '/api/db/orders/new', {
      token: sales,
      body: {
        customerID: customer.id,
        pickupOrder: true,
        products: [{ productSku: product.sku, productBatchId: null, quantity: total, unitPrice: 1 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    orders.push(res.body);
  }
  return { customer, orders };
}

export const addPayment = (token: string, customerId: string, body: unknown, headers?: Record<string, string>) =>
  call<Payment & PaymentFail>('POST', `/api/db/payments/add/${customerId}`, {
    token,
    body,
    ...(headers ? { headers } : {}),
  });

export const orderOf = async (token: string, id: string) =>
  (await call<{ res: Order }>('GET', `/api/db/orders/getByID/${id}`, { token })).body.res;

export const creditOf = async (token: string, id: string) =>
  (await call<Customer>('GET', `/api/db/customers/getByID/${id}`, { token })).body.creditAvailable;
