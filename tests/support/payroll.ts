import { expect } from 'vitest';
import type { Customer, Order, Product, User } from '@bo/shared';
import { call, userFor } from './stack';

/** What the payroll API tests share: the SALES demo user's id and their customers' finished orders. */

const unique = () => Math.random().toString(36).slice(2, 10);

export type PayrollFail = { message: string };

/** The id of the seeded user with only the given role. */
export async function userIdFor(admin: string, role: 'SALES' | 'PAYROLL' | 'DRIVER'): Promise<string> {
  const res = await call<{ res: User[] }>('GET', '/api/db/users/getAll', { token: admin });
  const user = res.body.res.find((u) => u.email === userFor(role).email);
  if (!user) throw new Error(`No ${role} demo user`);
  return user.id;
}

/**
 * A customer owned by `ownerId` and orders of N units of a $1 product (cost $0.50: gross profit N/2), each set
 * to `status` (DELIVERED by default).
 */
export async function ownedOrders(
  sales: string,
  product: Product,
  ownerId: string,
  units: number[],
  status: 'DELIVERED' | 'COMPLETED' | 'RECEIVED' = 'DELIVERED',
): Promise<{ customer: Customer; orders: Order[] }> {
  const created = await call<Customer>('POST', '/api/db/customers/addNew', {
    token: sales,
    body: { customerName: `Payroll customer ${unique()}`, accountOwnerID: ownerId },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const orders: Order[] = [];
  for (const n of units) {
    const res = await call<Order>('POST', '/api/db/orders/new', {
      token: sales,
      body: {
        customerID: created.body.id,
        pickupOrder: true,
        products: [{ productSku: product.sku, productBatchId: null, quantity: n, unitPrice: 1 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (status !== 'RECEIVED') {
      const set = await call<Order>('PUT', `/api/db/orders/setStatus/${res.body.id}`, {
        token: sales,
        body: { orderStatus: status },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    }
    orders.push(res.body);
  }
  return { customer: created.body, orders };
}

/** A paid order of the body: commission 20% of the gross profit (N/2) of an order of N units. */
export const paid = (o: Order, units: number, extra: { adjustedCost?: number | null; commission?: number } = {}) => ({
  orderId: o.id,
  orderNum: o.orderNum,
  adjustedCost: extra.adjustedCost ?? null,
  commission: extra.commission ?? Math.round(units * 0.5 * 0.2 * 100) / 100,
});
