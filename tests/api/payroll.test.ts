import { beforeAll, describe, expect, it } from 'vitest';
import {
  PAYROLL_MESSAGES,
  type DraftPaidOrders,
  type EligibleOrder,
  type PayrollPeriod,
  type Product,
} from '@bo/shared';
import { dollarProduct } from '../support/payments';
import { type PayrollFail, ownedOrders, paid, userIdFor } from '../support/payroll';
import { call, tokenFor } from '../support/stack';

/**
 * Payroll over HTTP with real tokens (issue 14): paid orders saved and read back, the refusals naming the
 * order, one period per order (also under a race), the submit lock, delete releasing orders, reimbursements
 * and rows, and who reads whose commission. Orders are created today, so each test uses its own later period.
 */

let sales: string;
let admin: string;
let inventory: string;
let payroll: string;
let salesId: string;
let product: Product;

const periodPath = (year: number, month: number, p: 'A' | 'B') => `${year}/${month}/${p}`;
const update = (period: string, userId: string, body: unknown, token = payroll) =>
  call<PayrollPeriod & PayrollFail>('POST', `/api/db/payroll/update/${period}/${userId}`, { token, body });
const drafts = (period: string, userId: string, token = payroll) =>
  call<DraftPaidOrders & PayrollFail>('GET', `/api/db/payroll/get/drafts/paidOrders/${period}/${userId}`, { token });
const eligible = (period: string, userId: string, token = payroll) =>
  call<EligibleOrder[] & PayrollFail>('GET', `/api/db/payroll/eligibleOrders/${period}/${userId}`, { token });
const getPeriod = (period: string, token = payroll) =>
  call<PayrollPeriod & PayrollFail>('GET', `/api/db/payroll/get/${period}`, { token });

beforeAll(async () => {
  [sales, admin, inventory, payroll] = await Promise.all([
    tokenFor('SALES'),
    tokenFor('ADMIN'),
    tokenFor('INVENTORY'),
    tokenFor('PAYROLL'),
  ]);
  [salesId, product] = await Promise.all([userIdFor(admin, 'SALES'), dollarProduct(inventory)]);
});

describe('paid orders', () => {
  it('saves a user’s paid orders and reads them back, with the row’s commission and the eligible list', async () => {
    const period = periodPath(2027, 1, 'A');
    const { orders } = await ownedOrders(sales, product, salesId, [100, 40]);
    const [o1, o2] = orders as [(typeof orders)[0], (typeof orders)[0]];
    const before = await eligible(period, salesId);
    expect(before.status).toBe(200);
    const row1 = before.body.find((o) => o.orderId === o1.id);
    expect(row1).toMatchObject({ orderNum: o1.orderNum, subtotal: 100, cost: 50, inThisPeriod: false });

    const saved = await update(period, salesId, {
      paidOrders: [paid(o1, 100), paid(o2, 40, { adjustedCost: 30, commission: 2 })],
      commissionRate: 0.2,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = saved.body.users.find((u) => u.id === salesId);
    expect(row).toMatchObject({ commission: 12, ordersPaid: 2, totalPay: 12 });
    expect(saved.body.status).toBe('DRAFT');
    expect(saved.body.lastSaved).toEqual(expect.any(String));

    const read = await drafts(period, salesId);
    expect(read.status).toBe(200);
    expect(read.body.commissionRate).toBe(0.2);
    expect(read.body.paidOrders).toHaveLength(2);
    expect(read.body.paidOrders).toContainEqual({
      orderId: o2.id,
      orderNum: o2.orderNum,
      adjustedCost: 30,
      commission: 2,
    });
    const after = await eligible(period, salesId);
    expect(after.body.find((o) => o.orderId === o1.id)?.inThisPeriod).toBe(true);

    // Saving the list again without o2 releases it; the commission follows.
    const trimmed = await update(period, salesId, { paidOrders: [paid(o1, 100)] });
    expect(trimmed.body.users.find((u) => u.id === salesId)).toMatchObject({ commission: 10, ordersPaid: 1 });
    expect((await drafts(period, salesId)).body.paidOrders.map((p) => p.orderId)).toEqual([o1.id]);
    // In another period, o1 is not offered (paid in this one); o2 is again.
    const elsewhere = await eligible(periodPath(2027, 1, 'B'), salesId);
    expect(elsewhere.body.map((o) => o.orderId)).not.toContain(o1.id);
    expect(elsewhere.body.map((o) => o.orderId)).toContain(o2.id);
  });

  it('refuses an order that is not eligible (400 naming it) and a commission above gross profit', async () => {
    const period = periodPath(2027, 2, 'A');
    const { orders: open } = await ownedOrders(sales, product, salesId, [10], 'RECEIVED');
    const refused = await update(period, salesId, { paidOrders: [paid(open[0]!, 10)] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PAYROLL_MESSAGES.notEligible(open[0]!.orderNum));

    const { orders } = await ownedOrders(sales, product, salesId, [10], 'COMPLETED');
    const o = orders[0]!;
    const tooMuch = await update(period, salesId, { paidOrders: [paid(o, 10, { commission: 5.01 })] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(PAYROLL_MESSAGES.commissionAboveProfit(o.orderNum));
    // A lower adjusted cost makes room for more: gross profit 10 − 2 = 8.
    const adjusted = await update(period, salesId, { paidOrders: [paid(o, 10, { adjustedCost: 2, commission: 8 })] });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    // Nothing of the refused saves was written.
    expect((await drafts(period, salesId)).body.paidOrders.map((p) => p.orderId)).toEqual([o.id]);
  });

  it('pays an order in one period only: two saves from two periods at once, exactly one wins', async () => {
    const { orders } = await ownedOrders(sales, product, salesId, [20]);
    const o = orders[0]!;
    const [a, b] = await Promise.all([
      update(periodPath(2027, 3, 'A'), salesId, { paidOrders: [paid(o, 20)] }),
      update(periodPath(2027, 3, 'B'), salesId, { paidOrders: [paid(o, 20)] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body.message).toBe(PAYROLL_MESSAGES.alreadyPaid(o.orderNum));
    const [da, db] = await Promise.all([
      drafts(periodPath(2027, 3, 'A'), salesId),
      drafts(periodPath(2027, 3, 'B'), salesId),
    ]);
    expect(da.body.paidOrders.length + db.body.paidOrders.length).toBe(1);
    // Saved again later from the losing period: a 409 naming it.
    const again = await update(periodPath(2027, 3, a.status === 409 ? 'A' : 'B'), salesId, {
      paidOrders: [paid(o, 20)],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAYROLL_MESSAGES.alreadyPaid(o.orderNum));
  });
});

describe('the period', () => {
  it('locks a submitted period: update, reimbursements and delete are 409', async () => {
    const period = periodPath(2027, 4, 'A');
    const { orders } = await ownedOrders(sales, product, salesId, [10]);
    expect((await update(period, salesId, { paidOrders: [paid(orders[0]!, 10)] })).status).toBe(200);
    const read = await getPeriod(period);
    expect(read.status).toBe(200);
    const submitted = await call<PayrollPeriod & PayrollFail>('POST', `/api/db/payroll/submit/${period}`, {
      token: payroll,
      body: {
        users: read.body.users.map((u) =>
          u.id === salesId ? { ...u, payType: 'HOURLY', baseRate: 20, hoursWorked: 10 } : u,
        ),
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.status).toBe('SUBMITTED');
    expect(submitted.body.users.find((u) => u.id === salesId)).toMatchObject({
      totalBasePay: 200,
      commission: 1,
      totalPay: 201,
    });

    const refusals = await Promise.all([
      update(period, salesId, { paidOrders: [] }),
      update(period, salesId, { bonus: 5 }),
      call<PayrollFail>('POST', `/api/db/payroll/submit/reimbursements/${period}/${salesId}`, {
        token: payroll,
        body: [{ description: 'Fuel', amount: 3 }],
      }),
      call<PayrollFail>('DELETE', `/api/db/payroll/delete/${period}`, { token: payroll }),
      call<PayrollFail>('POST', `/api/db/payroll/submit/${period}`, { token: payroll, body: { users: [] } }),
    ]);
    for (const r of refusals) expect(r).toMatchObject({ status: 409, body: { message: PAYROLL_MESSAGES.submitted } });
    const periods = await call<Array<{ year: number; month: number; payPeriod: string; status: string }>>(
      'GET',
      '/api/db/payroll/periods',
      { token: payroll },
    );
    expect(periods.body).toContainEqual(
      expect.objectContaining({ year: 2027, month: 4, payPeriod: 'A', status: 'SUBMITTED' }),
    );
  });

  it('deletes a draft and releases its orders, which then save into another period', async () => {
    const period = periodPath(2027, 5, 'A');
    const { orders } = await ownedOrders(sales, product, salesId, [10, 20]);
    const body = { paidOrders: [paid(orders[0]!, 10), paid(orders[1]!, 20)] };
    expect((await update(period, salesId, body)).status).toBe(200);
    expect((await update(periodPath(2027, 5, 'B'), salesId, body)).status).toBe(409);
    const removed = await call<{ deleted: boolean }>('DELETE', `/api/db/payroll/delete/${period}`, { token: payroll });
    expect(removed).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await drafts(period, salesId)).body).toMatchObject({ paidOrders: [], lastSaved: null });
    const moved = await update(periodPath(2027, 5, 'B'), salesId, body);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const periods = await call<Array<{ year: number; month: number; payPeriod: string }>>(
      'GET',
      '/api/db/payroll/periods',
      {
        token: payroll,
      },
    );
    expect(periods.body).not.toContainEqual(expect.objectContaining({ year: 2027, month: 5, payPeriod: 'A' }));
  });

  it('saves reimbursements and rows: the reimbursement is their total, base pay follows the pay type', async () => {
    const period = periodPath(2027, 6, 'B');
    const saved = await call<PayrollPeriod>('POST', `/api/db/payroll/submit/reimbursements/${period}/${salesId}`, {
      token: payroll,
      body: [
        { description: 'Fuel', amount: 12.5 },
        { description: 'Parking', amount: 49.99 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.users.find((u) => u.id === salesId)).toMatchObject({ reimbursement: 62.49, totalPay: 62.49 });
    const row = await update(period, salesId, { payType: 'SALARY', baseRate: 2500, bonus: 100 });
    expect(row.status).toBe(200);
    expect(row.body.users.find((u) => u.id === salesId)).toMatchObject({
      payType: 'SALARY',
      totalBasePay: 2500,
      bonus: 100,
      reimbursement: 62.49,
      totalPay: 2662.49,
    });
    // The row may set the user's commission rate for the period; the drafts read it back.
    expect((await update(period, salesId, { commissionRate: 0.15 })).status).toBe(200);
    expect((await drafts(period, salesId)).body.commissionRate).toBe(0.15);
    // The period lists every user (payroll pays all staff), an unsaved one as a default row.
    const read = await getPeriod(period);
    expect(read.body.users.find((u) => u.id === salesId)?.reimbursementsDetails).toHaveLength(2);
    const driverId = await userIdFor(admin, 'DRIVER');
    expect(read.body.users.find((u) => u.id === driverId)).toMatchObject({ payType: 'HOURLY', totalPay: 0 });
    expect(read.body.users.every((u) => typeof u.totalPay === 'number')).toBe(true);
  });
});

describe('who reads whose commission', () => {
  it('SALES read their own drafts and eligible orders, 404 for another user’s, 403 on the period', async () => {
    const period = periodPath(2027, 7, 'A');
    const payrollId = await userIdFor(admin, 'PAYROLL');
    expect((await drafts(period, salesId, sales)).status).toBe(200);
    expect((await eligible(period, salesId, sales)).status).toBe(200);
    expect((await drafts(period, payrollId, sales)).status).toBe(404);
    expect((await eligible(period, payrollId, sales)).status).toBe(404);
    expect((await getPeriod(period, sales)).status).toBe(403);
    expect((await update(period, salesId, { bonus: 1 }, sales)).status).toBe(403);
    expect((await drafts(period, salesId, admin)).status).toBe(200);
  });
});
