import { beforeAll, describe, expect, it } from 'vitest';
import { toCents, type OrderSummary, type Payment } from '@bo/shared';
import {
  getReceivables,
  listCustomerItems,
  listOrdersOfCustomer,
  listPayments,
  type CustomerItem,
} from '@bo/functions/data';
import { seedOrders } from '../../infra/local/src/orders-fixture';
import { seedPayments } from '../../infra/local/src/payments-fixture';
import { SYSTEM } from '../../infra/local/src/seed';
import { freshDemoTable } from '../support/demo-table';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * The demo payments of `npm start` (infra/local/src/payments-fixture.ts), seeded into a fresh table of the
 * test stack's DynamoDB after the demo catalogue, customers and orders, as a fresh stack does: real payments
 * (split, partial, with credit used and added) whose effects the orders and customers show.
 */

let seeded: { payments: number };
let payments: Payment[];
let orders: OrderSummary[];
let customers: CustomerItem[];

beforeAll(async () => {
  await freshDemoTable();
  await seedOrders(SYSTEM);
  seeded = await seedPayments(SYSTEM);
  payments = await listPayments({
    from: new Date(Date.now() - 390 * 86_400_000).toISOString().slice(0, 10),
    to: todayUtc(),
  });
  customers = await listCustomerItems();
  orders = (await Promise.all(customers.map((c) => listOrdersOfCustomer(c.customerId)))).flat();
}, 240_000);

describe('demo payments', () => {
  it('records split, partial and credit payments, once only', async () => {
    expect(seeded.payments).toBeGreaterThan(3);
    expect(payments).toHaveLength(seeded.payments);
    expect(payments.some((p) => p.appliedPayments.length > 1)).toBe(true);
    expect(payments.some((p) => p.customerCreditAdded > 0)).toBe(true);
    expect(payments.some((p) => p.customerCreditDeducted > 0)).toBe(true);
    expect(orders.some((o) => o.paymentStatus === 'PARTIAL')).toBe(true);
    expect(orders.some((o) => o.paymentStatus === 'PAID')).toBe(true);
    expect((await seedPayments(SYSTEM)).payments).toBe(0);
  });

  it("leaves every order's balance and status, and every credit, consistent with the payments", async () => {
    const applied = new Map<string, number>();
    for (const p of payments)
      for (const a of p.appliedPayments) applied.set(a.orderId, (applied.get(a.orderId) ?? 0) + toCents(a.amount));
    for (const o of orders) {
      const paid = applied.get(o.id) ?? 0;
      expect(toCents(o.balanceDue), o.orderNum).toBe(toCents(o.total) - paid);
      if (paid > 0) expect(o.paymentStatus).toBe(o.balanceDue === 0 ? 'PAID' : 'PARTIAL');
    }
    for (const c of customers) expect(c.creditCents).toBeGreaterThanOrEqual(0);
    const receivables = await getReceivables();
    expect(receivables.rows.length).toBeGreaterThan(0);
    const owing = orders.filter((o) => o.balanceDue > 0 && !['DRAFT', 'CANCELLED', 'REFUNDED'].includes(o.orderStatus));
    expect(toCents(receivables.totals.balanceDue)).toBe(owing.reduce((sum, o) => sum + toCents(o.balanceDue), 0));
  });
});
