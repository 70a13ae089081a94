import { describe, expect, it } from 'vitest';
import {
  RECEIVABLES_TOTAL,
  dsoByMonth,
  netOf,
  orderReceivableCells,
  paymentReceivableCells,
  receivableCellId,
  receivableMovesOf,
  returnReceivableCells,
} from '../src';

const moves = (invoiced: number, received: number, credited = 0) => ({ invoiced, received, credited });

describe('receivable cells', () => {
  it('an order invoices its subtotal less discount in its month and in the total; drafts and cancelled nothing', () => {
    const order = {
      orderStatus: 'DELIVERED' as const,
      createdAt: '2026-10-14T09:00:00Z',
      subtotalCents: 125_000,
      discountCents: 5_000,
    };
    expect(orderReceivableCells(order)).toEqual(
      new Map([
        [receivableCellId('2026-10'), { i: 120_000 }],
        [receivableCellId(RECEIVABLES_TOTAL), { i: 120_000 }],
      ]),
    );
    expect(orderReceivableCells({ ...order, orderStatus: 'DRAFT' }).size).toBe(0);
    expect(orderReceivableCells({ ...order, orderStatus: 'CANCELLED' }).size).toBe(0);
  });

  it('a payment receives what it applied on its payment day; a voided one nothing', () => {
    const payment = { paymentDate: '2026-11-02', applied: [{ amountCents: 40_000 }, { amountCents: 2_550 }] };
    expect(paymentReceivableCells(payment).get(receivableCellId('2026-11'))).toEqual({ p: 42_550 });
    expect(paymentReceivableCells({ ...payment, voidedOn: '2026-11-03' }).size).toBe(0);
    // Credit only (nothing applied to an order) moves no receivable.
    expect(paymentReceivableCells({ paymentDate: '2026-11-02', applied: [] }).size).toBe(0);
  });

  it('a return credits only what it applied to its order', () => {
    expect(returnReceivableCells({ createdAt: '2026-11-20T10:00:00Z', appliedToOrderCents: 7_500 })).toEqual(
      new Map([
        [receivableCellId('2026-11'), { k: 7_500 }],
        [receivableCellId(RECEIVABLES_TOTAL), { k: 7_500 }],
      ]),
    );
    expect(receivableMovesOf({ i: 10, p: 4, k: 1, month: '2026-11' })).toEqual(moves(10, 4, 1));
    expect(netOf(moves(10, 4, 1))).toBe(5);
  });
});

describe('days sales outstanding by month', () => {
  it('balances each month end back from the total, and DSO is balance ÷ invoiced × days in the month', () => {
    // Sep: invoiced $3,000, received $1,000; Oct: invoiced $6,200, received $2,000, credited $200;
    // Nov (this month, after the range): invoiced $1,000, received $3,000.
    const byMonth = new Map([
      ['2026-09', moves(300_000, 100_000)],
      ['2026-10', moves(620_000, 200_000, 20_000)],
      ['2026-11', moves(100_000, 300_000)],
    ]);
    const all = moves(1_020_000, 600_000, 20_000); // owed now: $4,000
    const months = dsoByMonth(['2026-09', '2026-10'], all, byMonth, ['2026-11']);
    expect(months).toEqual([
      // End of Oct: 400,000 + 200,000 (Nov's net was −200,000) = 600,000; end of Sep: 600,000 − 400,000.
      { month: '2026-09', ...moves(300_000, 100_000), balance: 200_000, dso: 20 },
      { month: '2026-10', ...moves(620_000, 200_000, 20_000), balance: 600_000, dso: 30 },
    ]);
  });

  it('a month with nothing invoiced has no DSO, and missing months moved nothing', () => {
    const months = dsoByMonth(['2026-07', '2026-08'], moves(50_000, 0), new Map([['2026-07', moves(50_000, 0)]]), []);
    expect(months).toEqual([
      { month: '2026-07', ...moves(50_000, 0), balance: 50_000, dso: 31 },
      { month: '2026-08', ...moves(0, 0), balance: 50_000, dso: null },
    ]);
  });
});
