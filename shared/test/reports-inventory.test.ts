import { describe, expect, it } from 'vitest';
import {
  MAX_SLOW_MOVERS,
  byFullness,
  inventoryValuationQuery,
  limitLinesOfBrand,
  slowMoversOf,
  slowMoversQuery,
  unitsAtMonthEnd,
  valuationOf,
  type StockedProduct,
} from '../src/index';

const product = (over: Partial<StockedProduct> & Pick<StockedProduct, 'productId'>): StockedProduct => ({
  name: over.productId,
  sku: `SKU-${over.productId}`,
  brandId: 'b1',
  brandName: 'Acme',
  typeId: 't1',
  typeName: 'Flower',
  units: 0,
  costCents: 0,
  ...over,
});

describe('inventory valuation (issue 25)', () => {
  it('units at a past month end: units now less each later month, never below 0', () => {
    expect(unitsAtMonthEnd(40, [])).toBe(40);
    // 40 now; this month +10 received, last month −6 sold: 36 at the end of the month before.
    expect(unitsAtMonthEnd(40, [10, -6])).toBe(36);
    expect(unitsAtMonthEnd(5, [12])).toBe(0);
    expect(unitsAtMonthEnd(0, [-3, -2])).toBe(5);
  });

  it('values units × cost by brand, by type and by both, the most value first, leaving out excluded brands', () => {
    const products = [
      product({ productId: 'p1', units: 10, costCents: 800 }), // Acme Flower 80.00
      product({ productId: 'p2', units: 3, costCents: 2500, typeId: 't2', typeName: 'Vape' }), // Acme Vape 75.00
      product({ productId: 'p3', units: 4, costCents: 1000, brandId: 'b2', brandName: 'Zen' }), // Zen Flower 40.00
      product({ productId: 'p4', units: 0, costCents: 9999 }), // nothing on hand: not counted
      product({ productId: 'p5', units: -2, costCents: 100 }), // below 0: not counted
      product({ productId: 'p6', units: 7, costCents: 100, brandId: 'b3', brandName: 'Excluded' }),
    ];
    const v = valuationOf(products, new Set(['b3']));
    expect(v.total).toEqual({ units: 17, valueCents: 19_500, products: 3 });
    expect(v.byBrand).toEqual([
      { key: 'b1', label: 'Acme', units: 13, valueCents: 15_500, products: 2 },
      { key: 'b2', label: 'Zen', units: 4, valueCents: 4_000, products: 1 },
    ]);
    expect(v.byType).toEqual([
      { key: 't1', label: 'Flower', units: 14, valueCents: 12_000, products: 2 },
      { key: 't2', label: 'Vape', units: 3, valueCents: 7_500, products: 1 },
    ]);
    expect(v.rows.map((r) => [r.key, r.label, r.valueCents])).toEqual([
      ['b1|t1', 'Acme · Flower', 8_000],
      ['b1|t2', 'Acme · Vape', 7_500],
      ['b2|t1', 'Zen · Flower', 4_000],
    ]);
    // Nothing excluded: the third brand counts.
    expect(valuationOf(products).total).toEqual({ units: 24, valueCents: 20_200, products: 4 });
  });

  it('takes asOf as a month (or a day of it, kept as the month) and refuses anything else', () => {
    expect(inventoryValuationQuery.parse({})).toEqual({});
    expect(inventoryValuationQuery.parse({ asOf: '2026-03' })).toEqual({ asOf: '2026-03' });
    expect(inventoryValuationQuery.parse({ asOf: '2026-03-17' })).toEqual({ asOf: '2026-03' });
    for (const asOf of ['2026-13', '2026-3', 'March', '2026-03-32', '2026-02-30', '1999-12', '2100-01'])
      expect(inventoryValuationQuery.safeParse({ asOf }).success).toBe(false);
  });
});

describe('slow movers (issue 25)', () => {
  const products = [
    product({ productId: 'never', units: 5, costCents: 1000 }), // never sold: 50.00
    product({ productId: 'old', units: 20, costCents: 100 }), // sold before the window: 20.00
    product({ productId: 'recent', units: 9, costCents: 5000 }), // sold inside the window
    product({ productId: 'edge', units: 1, costCents: 100 }), // sold on `since` itself: not slow
    product({ productId: 'empty', units: 0, costCents: 100 }), // nothing on hand
    product({ productId: 'excl', units: 3, costCents: 100, brandId: 'bx' }),
  ];
  const lastSold = new Map([
    ['old', '2026-01-15'],
    ['recent', '2026-05-30'],
    ['edge', '2026-03-02'],
  ]);

  it('lists products in stock with no sale since the day, the most value first', () => {
    const slow = slowMoversOf(products, lastSold, '2026-03-02', new Set(['bx']));
    expect(slow.count).toBe(2);
    expect(slow.units).toBe(25);
    expect(slow.valueCents).toBe(7_000);
    expect(slow.products.map((p) => [p.productId, p.valueCents, p.lastSold])).toEqual([
      ['never', 5_000, undefined],
      ['old', 2_000, '2026-01-15'],
    ]);
    expect('lastSold' in slow.products[0]!).toBe(false);
  });

  it('lists at most MAX_SLOW_MOVERS, counting them all', () => {
    const many = Array.from({ length: MAX_SLOW_MOVERS + 3 }, (_, i) =>
      product({ productId: `p${i}`, units: 1, costCents: i }),
    );
    const slow = slowMoversOf(many, new Map(), '2026-01-01');
    expect(slow.count).toBe(MAX_SLOW_MOVERS + 3);
    expect(slow.products).toHaveLength(MAX_SLOW_MOVERS);
    expect(slow.products[0]!.productId).toBe(`p${MAX_SLOW_MOVERS + 2}`);
  });

  it('takes days from 1 to 365, 90 when left out', () => {
    expect(slowMoversQuery.parse({})).toEqual({ days: 90 });
    expect(slowMoversQuery.parse({ days: '1', brand: ' b1 ' })).toEqual({ days: 1, brand: 'b1' });
    expect(slowMoversQuery.parse({ days: '365' })).toEqual({ days: 365 });
    for (const days of ['0', '366', '-1', '1.5', 'x']) expect(slowMoversQuery.safeParse({ days }).success).toBe(false);
  });
});

describe('stock limit lines (issue 25)', () => {
  it('gives every line with a limit its status and room, the fullest first', () => {
    const brand = {
      id: 'b1',
      name: 'Acme',
      maxBrandStock: 40,
      MaxProductStock: [
        { typeId: 't1', maxStock: 24 },
        { typeId: 't1', weight: 7, maxStock: 3 },
        { typeId: 't2', maxStock: 5 },
      ],
    };
    const products = [
      { typeID: 't1', weight: 7, stock: 4, status: 'ACTIVE' as const, type: { name: 'Flower' } },
      { typeID: 't1', weight: 14, stock: 20, status: 'ACTIVE' as const, type: { name: 'Flower' } },
      { typeID: 't2', stock: 2, status: 'ACTIVE' as const, type: { name: 'Vape' } },
      { typeID: 't3', stock: 1, status: 'ACTIVE' as const, type: { name: 'Edible' } }, // no limit: not listed
      { typeID: 't2', stock: 50, status: 'HIDDEN' as const, type: { name: 'Vape' } }, // off the menus
    ];
    const lines = limitLinesOfBrand(brand, products).sort(byFullness);
    expect(lines.map((l) => [l.level, l.label, l.stock, l.limit, l.room, l.status, l.products])).toEqual([
      ['weight', 'Flower 7 g', 4, 3, -1, 'over', 1],
      ['type', 'Flower', 24, 24, 0, 'at', 2],
      ['brand', 'Brand', 27, 40, 13, 'under', 4],
      ['type', 'Vape', 2, 5, 3, 'under', 1],
    ]);
  });
});
