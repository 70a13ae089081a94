import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths, type ReceivablesReport } from '@bo/shared';
import { call, tokenFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';
import { addPayment, customerWithOrders, dollarProduct } from '../support/payments';

/**
 * The receivables report over HTTP (issue 25): ADMIN only; DSO by month from the figures the stream keeps,
 * each month's balance the one before plus what it invoiced less what it received and credited; an order and
 * a payment reach this month's figures; bad months refused with a message. Other files write orders at the
 * same time, so figures are checked as "at least what this test added" and by their identities.
 */

const today = new Date().toISOString().slice(0, 10);
const current = today.slice(0, 7);
const cents = (dollars: number) => Math.round(dollars * 100);
let admin: string;

const report = async (query = '') => {
  const res = await call<ReceivablesReport>('GET', `/api/db/reports/receivables${query}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const thisMonth = (r: ReceivablesReport) => r.months.find((m) => m.month === current)!;

beforeAll(async () => {
  admin = await tokenFor('ADMIN');
});

describe('the receivables report', () => {
  it('is ADMIN’s only', async () => {
    for (const role of ['SALES', 'PURCHASING', 'INVENTORY', 'PAYROLL', 'DRIVER'] as const) {
      const res = await call('GET', '/api/db/reports/receivables', { token: await tokenFor(role) });
      expect(res.status, role).toBe(403);
    }
  });

  it('gives the last 12 months by default, each balance the last plus the month’s net, DSO from them', async () => {
    const r = await report();
    expect(r.to).toBe(current);
    expect(r.from).toBe(addMonths(`${current}-01`, -11).slice(0, 7));
    expect(r.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => addMonths(`${r.from}-01`, i).slice(0, 7)),
    );
    for (const [i, m] of r.months.entries()) {
      if (i > 0) {
        const before = r.months[i - 1]!;
        expect(cents(m.balance), m.month).toBe(
          cents(before.balance) + cents(m.invoiced) - cents(m.received) - cents(m.credited),
        );
      }
      const days = new Date(Date.UTC(Number(m.month.slice(0, 4)), Number(m.month.slice(5, 7)), 0)).getUTCDate();
      expect(m.dso, m.month).toBe(m.invoiced > 0 ? Math.round((m.balance / m.invoiced) * days * 10) / 10 : null);
    }
    expect(r.ageing.asOf).toBe(todayUtc());
    expect(r.build.excludedBrands).toBeInstanceOf(Array);
  });

  it('counts an order when it is made and a payment when it is received, within moments', async () => {
    const before = thisMonth(await report(`?from=${current}&to=${current}`));
    const product = await dollarProduct(await tokenFor('INVENTORY'));
    const { customer, orders } = await customerWithOrders(await tokenFor('SALES'), product, [137, 64]);
    const paid = await addPayment(admin, customer.id, {
      amount: 100,
      paymentDate: today,
      appliedPayments: [{ orderId: orders[0]!.id, amount: 100 }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const deadline = Date.now() + 20_000;
    let after = thisMonth(await report(`?from=${current}&to=${current}`));
    while (
      (after.invoiced < before.invoiced + 201 || after.received < before.received + 100) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = thisMonth(await report(`?from=${current}&to=${current}`));
    }
    expect(after.invoiced).toBeGreaterThanOrEqual(before.invoiced + 201);
    expect(after.received).toBeGreaterThanOrEqual(before.received + 100);
  });

  it('refuses months it cannot read, with a message', async () => {
    const next = addMonths(`${current}-01`, 1).slice(0, 7);
    const cases: Array<[string, RegExp]> = [
      ['?from=2026-13', /from must be a month/],
      ['?to=soon', /to must be a month/],
      [`?to=${next}`, /to must be this month/],
      [`?from=${current}&to=${addMonths(`${current}-01`, -1).slice(0, 7)}`, /from must not be after to/],
      [`?from=${addMonths(`${current}-01`, -130).slice(0, 7)}`, /looks back at most 120 months/],
    ];
    for (const [query, message] of cases) {
      const res = await call<{ message: string }>('GET', `/api/db/reports/receivables${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toMatch(message);
    }
  });
});
