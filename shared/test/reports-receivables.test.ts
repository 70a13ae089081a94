import { describe, expect, it } from 'vitest';
import {
  RECEIVABLES_TOTAL_MONTHS,
  RECEIVABLES_TOTAL_SHARDS,
  dsoByMonth,
  fnv1a32,
  netOf,
  orderReceivableCells,
  paymentReceivableCells,
  receivableCellId,
  receivableMovesOf,
  receivablesTotalMonth,
  receivablesTotalShard,
  returnReceivableCells,
  sumMoves,
} from '../src';

const moves = (invoiced: number, received: number, credited = 0) => ({ invoiced, received, credited });

describe('the running total split into shards', () => {
  it('hashes ids with 32-bit FNV-1a (the published test vectors)', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it("picks a record's shard from its id: the hash modulo 16", () => {
    expect(RECEIVABLES_TOTAL_SHARDS).toBe(16);
    // 0xe40c292c % 16 = 0xc; 0xbf9cf968 % 16 = 8; 0xe8c41c31 % 16 = 1.
    expect(receivablesTotalShard('a')).toBe(12);
    expect(receivablesTotalShard('foobar')).toBe(8);
    expect(receivablesTotalShard('3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBe(1);
    expect(receivablesTotalMonth(1)).toBe('all-01');
    expect(receivablesTotalMonth(12)).toBe('all-12');
    expect(RECEIVABLES_TOTAL_MONTHS).toHaveLength(16);
    expect(RECEIVABLES_TOTAL_MONTHS[0]).toBe('all-00');
    expect(RECEIVABLES_TOTAL_MONTHS.at(-1)).toBe('all-15');
  });

  it('spreads ids over every shard, none taking more than twice its share', () => {
    const counts = new Array<number>(RECEIVABLES_TOTAL_SHARDS).fill(0);
    for (let i = 0; i < 1600; i++) counts[receivablesTotalShard(`order-${i}`)]!++;
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThan(200);
  });
});

describe('receivable cells', () => {
  it('an order invoices its subtotal less discount in its month and in its shard of the total; drafts and cancelled nothing', () => {
    const order = {
      orderId: 'a',
      orderStatus: 'DELIVERED' as const,
      createdAt: '2026-10-14T09:00:00Z',
      subtotalCents: 125_000,
      discountCents: 5_000,
    };
    expect(orderReceivableCells(order)).toEqual(
      new Map([
        [receivableCellId('2026-10'), { i: 120_000 }],
        [receivableCellId('all-12'), { i: 120_000 }],
      ]),
    );
    expect(orderReceivableCells({ ...order, orderStatus: 'DRAFT' }).size).toBe(0);
    expect(orderReceivableCells({ ...order, orderStatus: 'CANCELLED' }).size).toBe(0);
  });

  it('a payment receives what it applied on its payment day; a voided one nothing', () => {
    const payment = {
      paymentId: 'foobar',
      paymentDate: '2026-11-02',
      applied: [{ amountCents: 40_000 }, { amountCents: 2_550 }],
    };
    expect(paymentReceivableCells(payment)).toEqual(
      new Map([
        [receivableCellId('2026-11'), { p: 42_550 }],
        [receivableCellId('all-08'), { p: 42_550 }],
      ]),
    );
    expect(paymentReceivableCells({ ...payment, voidedOn: '2026-11-03' }).size).toBe(0);
    // Credit only (nothing applied to an order) moves no receivable.
    expect(paymentReceivableCells({ paymentId: 'foobar', paymentDate: '2026-11-02', applied: [] }).size).toBe(0);
  });

  it('a return credits only what it applied to its order', () => {
    const credit = {
      returnId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      createdAt: '2026-11-20T10:00:00Z',
      appliedToOrderCents: 7_500,
    };
    expect(returnReceivableCells(credit)).toEqual(
      new Map([
        [receivableCellId('2026-11'), { k: 7_500 }],
        [receivableCellId('all-01'), { k: 7_500 }],
      ]),
    );
    expect(receivableMovesOf({ i: 10, p: 4, k: 1, month: '2026-11' })).toEqual(moves(10, 4, 1));
    expect(netOf(moves(10, 4, 1))).toBe(5);
    // The total's shards add up to the total.
    expect(sumMoves([moves(10, 4, 1), moves(5, 0, 2), moves(0, 3, 0)])).toEqual(moves(15, 7, 3));
    expect(sumMoves([])).toEqual(moves(0, 0, 0));
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
