import { beforeAll, describe, expect, it } from 'vitest';
import { adjacentPeriod, periodOf, type PayrollPeriod } from '@bo/shared';
import { getDraftPaidOrders, getPeriod, listPeriods, listUsers } from '@bo/functions/data';
import { seedOrders } from '../../infra/local/src/orders-fixture';
import { seedPayments } from '../../infra/local/src/payments-fixture';
import { seedPayroll } from '../../infra/local/src/payroll-fixture';
import { SYSTEM } from '../../infra/local/src/seed';
import { freshDemoTable } from '../support/demo-table';

/**
 * The demo payroll of `npm start` (infra/local/src/payroll-fixture.ts), seeded into a fresh table of the test
 * stack's DynamoDB after the demo catalogue, customers, orders and payments: last period submitted, the
 * current one a draft, Sam Sales paid commission in both, no order paid twice.
 */

let seeded: { periods: number };
let last: PayrollPeriod;
let current: PayrollPeriod;
let samId: string;

beforeAll(async () => {
  await freshDemoTable();
  await seedOrders(SYSTEM);
  await seedPayments(SYSTEM);
  seeded = await seedPayroll(SYSTEM);
  const now = periodOf(new Date().toISOString());
  [last, current] = await Promise.all([getPeriod(adjacentPeriod(now, -1)), getPeriod(now)]);
  samId = (await listUsers()).find((u) => u.name === 'Sam Sales')!.id;
}, 240_000);

describe('demo payroll', () => {
  it('submits last period and leaves the current one a draft, once', async () => {
    expect(seeded.periods).toBe(2);
    expect(last.status).toBe('SUBMITTED');
    expect(current.status).toBe('DRAFT');
    const sam = last.users.find((u) => u.id === samId)!;
    expect(sam).toMatchObject({ payType: 'HOURLY', baseRate: 25, hoursWorked: 80, totalBasePay: 2000, bonus: 150 });
    expect(sam.reimbursement).toBe(48.5);
    expect(sam.ordersPaid).toBeGreaterThan(0);
    expect(sam.commission).toBeGreaterThan(0);
    expect((await listPeriods()).map((p) => p.status).sort()).toEqual(['DRAFT', 'SUBMITTED']);
    expect((await seedPayroll(SYSTEM)).periods).toBe(0);
  });

  it('pays no order in both periods, and the row commission is the sum of its orders', async () => {
    const [before, now] = await Promise.all([
      getDraftPaidOrders(adjacentPeriod(periodOf(new Date().toISOString()), -1), samId),
      getDraftPaidOrders(periodOf(new Date().toISOString()), samId),
    ]);
    const ids = [...before.paidOrders, ...now.paidOrders].map((p) => p.orderId);
    expect(new Set(ids).size).toBe(ids.length);
    const sum = before.paidOrders.reduce((s, p) => s + Math.round(p.commission * 100), 0);
    expect(Math.round(last.users.find((u) => u.id === samId)!.commission * 100)).toBe(sum);
  });
});
