import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canGenerateSku,
  compareProducts,
  DEFAULT_FILTERS,
  formatSku,
  isOnMenus,
  matchesFilters,
  stockAgainstLimits,
  stockBadge,
} from '../src/rules/catalog';
import type { ProductFilters } from '../src/schemas/preferences';

const product = (over: Partial<Parameters<typeof matchesFilters>[0]> = {}) => ({
  brandID: 'b1',
  typeID: 't1',
  genetics: 'INDICA' as const,
  extractTypeID: 'x1',
  weight: 3.5,
  stock: 5,
  name: 'Blue Dream Flower 3.5 g',
  sku: 'ACM-FLO-0001',
  brand: { name: 'Acme Farms' },
  type: { name: 'Flower' },
  ...over,
});
const filters = (over: Partial<ProductFilters> = {}): ProductFilters => ({ ...DEFAULT_FILTERS, ...over });

describe('stock badges (spec sections 4 and 9)', () => {
  it('order screens: OUT under 1, LOW under 20, GOOD at 20 or more', () => {
    expect([0, 0.5, 1, 19, 20, 250].map((n) => stockBadge(n, 'order'))).toEqual([
      'OUT',
      'OUT',
      'LOW',
      'LOW',
      'GOOD',
      'GOOD',
    ]);
    expect(stockBadge(-3, 'order')).toBe('OUT');
  });
  it('catalogue and stock-limit screens: out below 1, low below 10', () => {
    expect([0, 1, 9, 10].map((n) => stockBadge(n, 'catalog'))).toEqual(['OUT', 'LOW', 'LOW', 'GOOD']);
  });
});

describe('menus', () => {
  it('leave out INACTIVE and HIDDEN products', () => {
    expect(
      ['ACTIVE', 'INACTIVE', 'HIDDEN', 'COMINGSOON', 'PROMO'].map((status) => isOnMenus({ status: status as never })),
    ).toEqual([true, false, false, true, true]);
  });
});

describe('SKU', () => {
  it('is generated only once both brand and type are chosen', () => {
    expect(canGenerateSku('b', 't')).toBe(true);
    expect(canGenerateSku('b', '')).toBe(false);
    expect(canGenerateSku(undefined, 't')).toBe(false);
  });
  it("uses the brand's skucode, else its name, then the type and a 4-digit sequence", () => {
    expect(formatSku({ name: 'Acme Farms', skucode: 'acm' }, 'Flower', 7)).toBe('ACM-FLO-0007');
    expect(formatSku({ name: 'Blue River' }, 'Pre-Roll', 12345)).toBe('BLU-PRE-12345');
  });
});

describe('filters (spec section 5)', () => {
  it("defaults to stock 'in': stock of 1 or more", () => {
    expect(matchesFilters(product({ stock: 1 }), DEFAULT_FILTERS)).toBe(true);
    expect(matchesFilters(product({ stock: 0 }), DEFAULT_FILTERS)).toBe(false);
  });
  it("'out' means under 1; both or neither mean all", () => {
    expect(matchesFilters(product({ stock: 0 }), filters({ stock: ['out'] }))).toBe(true);
    expect(matchesFilters(product({ stock: 3 }), filters({ stock: ['out'] }))).toBe(false);
    for (const stock of [[], ['in', 'out']] as ProductFilters['stock'][])
      expect([0, 7].map((n) => matchesFilters(product({ stock: n }), filters({ stock })))).toEqual([true, true]);
  });
  it('treats an empty list as all and a non-empty list as any of', () => {
    expect(matchesFilters(product(), filters({ brands: ['b1', 'b2'], types: [], weights: [3.5] }))).toBe(true);
    expect(matchesFilters(product(), filters({ brands: ['b2'] }))).toBe(false);
    expect(matchesFilters(product({ genetics: undefined }), filters({ genetics: ['INDICA'] }))).toBe(false);
    expect(matchesFilters(product(), filters({ extractTypes: ['x2'] }))).toBe(false);
  });
  it('matches every word of the search in name, SKU, brand or type, ignoring case', () => {
    expect(matchesFilters(product(), filters({ searchTerm: 'blue acme' }))).toBe(true);
    expect(matchesFilters(product(), filters({ searchTerm: 'flo-0001' }))).toBe(true);
    expect(matchesFilters(product(), filters({ searchTerm: 'blue vape' }))).toBe(false);
    expect(matchesFilters(product(), filters({ searchTerm: '   ' }))).toBe(true);
  });
  it('never admits a product that fails any single filter', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 50 }), fc.constantFrom('b1', 'b2'), (stock, brand) => {
        const p = product({ stock, brandID: brand });
        const all = matchesFilters(p, filters({ brands: ['b1'], stock: ['in'] }));
        expect(all).toBe(brand === 'b1' && stock >= 1);
      }),
    );
  });
});

describe('sorting', () => {
  it('sorts by name, price or stock, ascending or descending, ties by name', () => {
    const list = [
      { name: 'B', basePrice: 10, stock: 3 },
      { name: 'A', basePrice: 20, stock: 3 },
      { name: 'C', basePrice: 5, stock: 9 },
    ];
    expect([...list].sort(compareProducts('name', 'asc')).map((p) => p.name)).toEqual(['A', 'B', 'C']);
    expect([...list].sort(compareProducts('price', 'desc')).map((p) => p.name)).toEqual(['A', 'B', 'C']);
    expect([...list].sort(compareProducts('stock', 'asc')).map((p) => p.name)).toEqual(['A', 'B', 'C']);
  });
});

describe('stock against limits', () => {
  const products = [
    { typeID: 'flower', weight: 3.5, stock: 60, status: 'ACTIVE' as const, type: { name: 'Flower' } },
    { typeID: 'flower', weight: 3.5, stock: 30, status: 'ACTIVE' as const, type: { name: 'Flower' } },
    { typeID: 'flower', weight: 7, stock: 10, status: 'PROMO' as const, type: { name: 'Flower' } },
    { typeID: 'vape', weight: 1, stock: 25, status: 'ACTIVE' as const, type: { name: 'Vape' } },
    { typeID: 'vape', weight: 1, stock: 500, status: 'INACTIVE' as const, type: { name: 'Vape' } },
  ];
  it('adds up menu products per brand, type and type+weight and compares each with its limit', () => {
    const result = stockAgainstLimits(
      {
        maxBrandStock: 125,
        MaxProductStock: [
          { typeId: 'flower', maxStock: 100 },
          { typeId: 'flower', weight: 3.5, maxStock: 80 },
          { typeId: 'vape', maxStock: 25 },
        ],
      },
      products,
    );
    expect(result.brand).toMatchObject({ stock: 125, limit: 125, status: 'at', products: 4 });
    expect(result.types.map((t) => [t.label, t.stock, t.status])).toEqual([
      ['Flower', 100, 'at'],
      ['Vape', 25, 'at'],
    ]);
    expect(result.weights.map((w) => [w.label, w.stock, w.limit, w.status])).toEqual([
      ['Flower 3.5 g', 90, 80, 'over'],
      ['Flower 7 g', 10, null, 'none'],
      ['Vape 1 g', 25, null, 'none'],
    ]);
  });
  it('reports under when below the limit and none without one', () => {
    expect(stockAgainstLimits({ maxBrandStock: 1000, MaxProductStock: [] }, products).brand.status).toBe('under');
    expect(stockAgainstLimits({ maxBrandStock: null, MaxProductStock: [] }, products).brand.status).toBe('none');
  });
});
