import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Customer, Order, Product, User } from '@bo/shared';
import { call, signIn, tokenFor } from './stack';

/** What the deliveries API tests share: drivers of their own, customers with an address, stops due today. */

export const TODAY = new Date().toISOString().slice(0, 10);
/** A 1×1 PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const png = { contentType: 'image/png', data: `data:image/png;base64,${PNG_BASE64}` };

const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

/** A new DRIVER-only user, signed in: their token and id (the seeded drivers' days stay out of the figures). */
export async function newDriver(
  name = 'Test Driver',
): Promise<{ token: string; id: string; name: string; email: string; password: string }> {
  const admin = await tokenFor('ADMIN');
  const email = `driver-${randomUUID().slice(0, 8)}@example.com`;
  const created = await call<{ user: User }>('POST', '/api/db/users/addNew', {
    token: admin,
    body: { name, email, role: ['DRIVER'], title: 'Driver' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const password = 'Drive!2345';
  await call('PUT', `/api/db/users/updatePassword/${created.body.user.id}`, { token: admin, body: { password } });
  const token = (await signIn(email, password)).idToken;
  return { token, id: subOf(token), name, email, password };
}

export async function deliveryCustomer(sales: string): Promise<Customer> {
  const res = await call<Customer>('POST', '/api/db/customers/addNew', {
    token: sales,
    body: {
      customerName: `Door ${randomUUID().slice(0, 8)}`,
      orderType: 'DELIVERY',
      address: '12 Harbor Rd, Oakland, CA 94607',
      contactName: 'Rita Receiver',
      contactPhone: '(555) 010-2020',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** An open delivery for the driver due today: lines of units of the $1 product (or of another, `[product, n]`). */
export async function newStop(
  sales: string,
  customer: Customer,
  product: Product,
  driverId: string,
  lines: Array<number | [Product, number]> = [10],
): Promise<Order> {
  const res = await call<Order>('POST', '/api/db/orders/new', {
    token: sales,
    body: {
      customerID: customer.id,
      pickupOrder: false,
      deliveryDriverId: driverId,
      deliveryDate: TODAY,
      notes: 'Ring twice',
      products: lines.map((line) => {
        const [of, quantity] = typeof line === 'number' ? [product, line] : line;
        return { productSku: of.sku, productBatchId: null, quantity, unitPrice: 1 };
      }),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export const collect = (token: string, orderId: string, body: unknown, key?: string) =>
  call<Record<string, unknown>>('POST', `/api/db/deliveries/collect/${orderId}`, {
    token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
