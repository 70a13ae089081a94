import { describe, expect, it } from 'vitest';
import {
  MAX_REPORT_POINTS,
  allocate,
  assemble,
  cellAddressOf,
  cellDelta,
  comparedRange,
  figuresOf,
  monthsOf,
  periodsOf,
  pointCount,
  reportRange,
  saleCells,
  saleOf,
  salesReportQuery,
  type OrderSaleInput,
} from '../src';

const order = (over: Partial<OrderSaleInput> = {}): OrderSaleInput => ({
  orderStatus: 'DELIVERED',
  createdAt: '2026-03-10T15:30:00.000Z',
  customerID: 'c1',
  accountOwnerID: 'rep-1',
  discountCents: 0,
  lines: [
    { id: 'l1', brandId: 'b1', type: 'Flower', quantity: 4, priceCents: 2_500, costCents: 800 },
    { id: 'l2', brandId: 'b2', type: 'Vapes', quantity: 2, priceCents: 3_500, costCents: 1_550 },
  ],
  ...over,
});

describe('what an order counts for', () => {
  it('is its lines by brand and type, at the prices and costs they recorded', () => {
    expect(saleOf(order(), 'WHOLESALE')).toEqual({
      day: '2026-03-10',
      rep: 'rep-1',
      customer: 'c1',
      customerType: 'WHOLESALE',
      parts: [
        { brand: 'b1', productType: 'Flower', revenueCents: 10_000, units: 4, costCents: 3_200 },
        { brand: 'b2', productType: 'Vapes', revenueCents: 7_000, units: 2, costCents: 3_100 },
      ],
    });
  });

  it('takes the discount off in proportion, in whole cents that add up to it', () => {
    // $10.01 off $170.00: $5.888… and $4.121… → 589 and 412 cents.
    const parts = saleOf(order({ discountCents: 1_001 }), 'RETAIL')!.parts;
    expect(parts.map((p) => p.revenueCents)).toEqual([10_000 - 589, 7_000 - 412]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-5, [3, 1])).toEqual([-4, -1]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
  });

  it('loses what came back: returned units and their share of the discount', () => {
    // 2 of the 4 Flower units returned: kept $120.00 of $170.00, so $7.06 of the $10.00 discount stays,
    // split $2.94 / $4.12 by what each brand kept.
    const sale = saleOf(order({ discountCents: 1_000, returnedLines: { l1: 2 } }), 'RETAIL')!;
    expect(sale.parts).toEqual([
      { brand: 'b1', productType: 'Flower', revenueCents: 5_000 - 294, units: 2, costCents: 1_600 },
      { brand: 'b2', productType: 'Vapes', revenueCents: 7_000 - 412, units: 2, costCents: 3_100 },
    ]);
    expect(saleOf(order({ returnedLines: { l1: 4, l2: 2 } }), 'RETAIL')).toBeUndefined();
  });

  it('is nothing for drafts and cancelled orders; a brand excluded from reporting is left out', () => {
    expect(saleOf(order({ orderStatus: 'DRAFT' }), 'VIP')).toBeUndefined();
    expect(saleOf(order({ orderStatus: 'CANCELLED' }), 'VIP')).toBeUndefined();
    expect(saleOf(order({ orderStatus: 'RECEIVED' }), 'VIP')).toBeDefined();
    expect(saleOf(order(), 'VIP', new Set(['b2']))!.parts.map((p) => p.brand)).toEqual(['b1']);
    expect(saleOf(order({ accountOwnerID: undefined }), 'VIP')!.rep).toBe('-');
  });
});

describe('the cells a sale adds to', () => {
  const cells = saleCells(saleOf(order(), 'WHOLESALE'));
  const byAddress = (scope: string, key: string, gran: 'D' | 'M') =>
    [...cells].find(([id]) => {
      const a = cellAddressOf(id);
      return a.scope === scope && a.key === key && a.gran === gran;
    })?.[1];

  it('are the whole and each value of each dimension, per day and per month', () => {
    // all, rep, customer, customer type, 2 brands, 2 types; each by day and by month.
    expect(cells.size).toBe(16);
    expect(byAddress('all', '*', 'M')).toEqual({ r: 17_000, u: 6, c: 6_300, n: 1 });
    expect(cellAddressOf([...cells.keys()].find((id) => id.includes('\u0001D\u0001'))!).slot).toBe('10');
  });

  it('carry splits by the other dimensions (customers have cells of their own)', () => {
    expect(byAddress('rep', 'rep-1', 'M')).toMatchObject({
      'brand|b1|r': 10_000,
      'brand|b2|n': 1,
      'productType|Vapes|c': 3_100,
      'customerType|WHOLESALE|u': 6,
    });
    expect(Object.keys(byAddress('rep', 'rep-1', 'M')!).some((k) => k.startsWith('customer|'))).toBe(false);
    expect(byAddress('customer', 'c1', 'D')).toMatchObject({ 'rep|rep-1|r': 17_000, 'brand|b1|u': 4 });
    expect(byAddress('brand', 'b1', 'M')).toEqual({
      r: 10_000,
      u: 4,
      c: 3_200,
      n: 1,
      'rep|rep-1|r': 10_000,
      'rep|rep-1|u': 4,
      'rep|rep-1|c': 3_200,
      'rep|rep-1|n': 1,
      'customerType|WHOLESALE|r': 10_000,
      'customerType|WHOLESALE|u': 4,
      'customerType|WHOLESALE|c': 3_200,
      'customerType|WHOLESALE|n': 1,
      'productType|Flower|r': 10_000,
      'productType|Flower|u': 4,
      'productType|Flower|c': 3_200,
      'productType|Flower|n': 1,
    });
  });

  it('change by what differs: an edit moves only the counters it changes; a cancellation takes all back', () => {
    const after = saleCells(saleOf(order({ discountCents: 500 }), 'WHOLESALE'));
    const delta = cellDelta(cells, after);
    const all = [...delta].find(([id]) => cellAddressOf(id).scope === 'all' && cellAddressOf(id).gran === 'M')![1];
    expect(all).toEqual({ r: -500 });
    const gone = cellDelta(cells, saleCells(undefined));
    expect(gone.size).toBe(16);
    expect(cellDelta(cells, cells).size).toBe(0);
  });
});

describe('report periods', () => {
  it('cut a range by day, week (Monday to Sunday), month and quarter', () => {
    expect(periodsOf('2026-03-04', '2026-03-17', 'week')).toEqual([
      { key: '2026-03-02', from: '2026-03-04', to: '2026-03-08' },
      { key: '2026-03-09', from: '2026-03-09', to: '2026-03-15' },
      { key: '2026-03-16', from: '2026-03-16', to: '2026-03-17' },
    ]);
    expect(periodsOf('2026-03-10', '2026-04-05', 'month')).toEqual([
      { key: '2026-03', from: '2026-03-01', to: '2026-03-31' },
      { key: '2026-04', from: '2026-04-01', to: '2026-04-30' },
    ]);
    expect(periodsOf('2026-02-10', '2026-05-01', 'quarter').map((p) => [p.key, p.from, p.to])).toEqual([
      ['2026-Q1', '2026-01-01', '2026-03-31'],
      ['2026-Q2', '2026-04-01', '2026-06-30'],
    ]);
    expect(periodsOf('2024-02-27', '2024-03-01', 'day').map((p) => p.key)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(reportRange('2026-02-10', '2026-05-01', 'quarter')).toEqual({ from: '2026-01-01', to: '2026-06-30' });
    expect(monthsOf('2025-11-20', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('count points without building them, and refuse more than the limit', () => {
    for (const [from, to, interval] of [
      ['2026-01-01', '2026-12-31', 'day'],
      ['2020-01-01', '2026-12-31', 'week'],
      ['2016-03-10', '2026-12-31', 'month'],
      ['2016-03-10', '2026-12-31', 'quarter'],
    ] as const)
      expect(pointCount(from, to, interval)).toBe(periodsOf(from, to, interval).length);
    expect(MAX_REPORT_POINTS).toBe(400);
    const tooMany = salesReportQuery.safeParse({ from: '2020-01-01', to: '2026-01-01', interval: 'day' });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe(
      'This range by day is 2193 points; a report has at most 400 (choose a longer interval or a shorter range)',
    );
    expect(salesReportQuery.safeParse({ from: '2025-01-01', to: '2026-01-31', interval: 'day' }).success).toBe(true);
  });

  it('compare with the period before or the same range a year earlier', () => {
    expect(comparedRange({ from: '2026-03-01', to: '2026-05-31' }, 'month', 'previous')).toEqual({
      from: '2025-12-01',
      to: '2026-02-28',
    });
    expect(comparedRange({ from: '2026-03-09', to: '2026-03-15' }, 'day', 'previous')).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(comparedRange({ from: '2024-02-01', to: '2024-02-29' }, 'month', 'lastYear')).toEqual({
      from: '2023-02-01',
      to: '2023-02-28',
    });
  });
});

describe('assembling a report', () => {
  it('adds rows into their periods and series, largest revenue first, with profit and margin', () => {
    const periods = periodsOf('2026-03-01', '2026-04-30', 'month');
    const out = assemble(
      [
        { day: '2026-03-01', series: 'b1', counters: { r: 10_000, u: 4, c: 3_200, n: 1 } },
        { day: '2026-04-01', series: 'b1', counters: { r: 5_000, u: 2, c: 1_600, n: 1 } },
        { day: '2026-04-01', series: 'b2', counters: { r: 20_000, u: 1, c: 20_000, n: 1 } },
        { day: '2026-05-01', series: 'b2', counters: { r: 99_999 } },
      ],
      periods,
      'month',
    );
    expect(out.series.map((s) => s.key)).toEqual(['b2', 'b1']);
    expect(out.points.map((p) => p.r)).toEqual([10_000, 25_000]);
    expect(figuresOf(out.series[1]!.total)).toEqual({
      revenue: 150,
      units: 6,
      orders: 2,
      cost: 48,
      profit: 102,
      margin: 68,
    });
    expect(figuresOf({}).margin).toBeNull();
  });
});
