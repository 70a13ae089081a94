import { describe, expect, it } from 'vitest';
import {
  byPendingChanges,
  CUSTOM_PRICING_SHEET,
  inMarginScope,
  isPendingUpdate,
  isPriceCustomized,
  marginPrice,
  netStockStatus,
  parseMarginValue,
  previewMargin,
  proposeRefresh,
  redactCustomPrice,
  refreshedReference,
  updateBulkCustomPricingBody,
  setMarginBody,
  type MarginRule,
} from '../src/index';

const rule = (direction: '+' | '-', kind: '%' | '$', value: number, basis: MarginRule['basis'] = 'basePrice') => ({
  direction,
  kind,
  basis,
  value,
});

describe('margin value box (spec section 5)', () => {
  it('asks for a value when empty', () => {
    expect(parseMarginValue('')).toEqual({ error: 'Please enter a value' });
    expect(parseMarginValue('   ')).toEqual({ error: 'Please enter a value' });
  });
  it('asks for a valid number when not numeric', () => {
    for (const bad of ['abc', '1.2.3', '-5', '1e3', '12%'])
      expect(parseMarginValue(bad)).toEqual({ error: 'Please enter a valid number' });
  });
  it('accepts decimals', () => {
    expect(parseMarginValue('12.5')).toEqual({ value: 12.5 });
    expect(parseMarginValue('.5')).toEqual({ value: 0.5 });
    expect(parseMarginValue('10')).toEqual({ value: 10 });
  });
});

describe('margin price', () => {
  it('adds or takes a percentage of the reference, at the cent, half away from zero', () => {
    expect(marginPrice(20, rule('+', '%', 15))).toBe(23);
    expect(marginPrice(20, rule('-', '%', 15))).toBe(17);
    expect(marginPrice(9.99, rule('+', '%', 12.5))).toBe(11.24); // 9.99 + 1.24875 → 1.25 → 11.24
    expect(marginPrice(0.1, rule('+', '%', 5))).toBe(0.11); // 0.005 rounds away from zero
  });
  it('adds or takes dollars, never below 0', () => {
    expect(marginPrice(20, rule('+', '$', 2.5))).toBe(22.5);
    expect(marginPrice(20, rule('-', '$', 2.5))).toBe(17.5);
    expect(marginPrice(2, rule('-', '$', 5))).toBe(0);
    expect(marginPrice(20, rule('-', '%', 150))).toBe(0);
  });
});

describe('margin scope and preview', () => {
  const products = [
    { id: 'a', brandID: 'b1', typeID: 't1', basePrice: 30, cost: 10 },
    { id: 'b', brandID: 'b1', typeID: 't2', basePrice: 40, cost: 0 },
    { id: 'c', brandID: 'b2', typeID: 't1', basePrice: 50 },
    { id: 'd', brandID: 'b2', typeID: 't2', basePrice: 0, cost: 8 },
  ];
  it('scopes all, brands (narrowed by types) and types (narrowed by brands)', () => {
    expect(products.filter((p) => inMarginScope(p, { type: 'all' })).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(products.filter((p) => inMarginScope(p, { type: 'brands', brandIds: ['b1'] })).map((p) => p.id)).toEqual([
      'a',
      'b',
    ]);
    expect(
      products
        .filter((p) => inMarginScope(p, { type: 'brands', brandIds: ['b1', 'b2'], typeIds: ['t2'] }))
        .map((p) => p.id),
    ).toEqual(['b', 'd']);
    expect(products.filter((p) => inMarginScope(p, { type: 'types', typeIds: ['t1'] })).map((p) => p.id)).toEqual([
      'a',
      'c',
    ]);
    expect(
      products.filter((p) => inMarginScope(p, { type: 'types', typeIds: ['t1'], brandIds: ['b2'] })).map((p) => p.id),
    ).toEqual(['c']);
  });
  it('skips products whose reference price is 0 (or missing): they keep their base price', () => {
    expect(previewMargin(products, rule('+', '%', 50, 'cost'), { type: 'all' })).toEqual([
      { productId: 'a', referencePrice: 10, newPrice: 15, skipped: false },
      { productId: 'b', referencePrice: 0, newPrice: 40, skipped: true },
      { productId: 'c', referencePrice: 0, newPrice: 50, skipped: true },
      { productId: 'd', referencePrice: 8, newPrice: 12, skipped: false },
    ]);
    expect(previewMargin(products, rule('-', '$', 5), { type: 'types', typeIds: ['t2'] })).toEqual([
      { productId: 'b', referencePrice: 40, newPrice: 35, skipped: false },
      { productId: 'd', referencePrice: 0, newPrice: 0, skipped: true },
    ]);
  });
});

describe('refresh formula', () => {
  it('recomputes a margin price from today’s reference', () => {
    const price = { customPrice: 23, source: 'margin' as const, rule: rule('+', '%', 15), referencePrice: 20 };
    expect(proposeRefresh(price, { basePrice: 24 })).toBe(27.6);
    expect(proposeRefresh(price, { basePrice: 20 })).toBe(23);
    expect(refreshedReference(price, { basePrice: 24, cost: 9 })).toBe(24);
  });
  it('keeps a cost margin when the cost is now 0 or missing', () => {
    const price = { customPrice: 15, source: 'margin' as const, rule: rule('+', '%', 50, 'cost'), referencePrice: 10 };
    expect(proposeRefresh(price, { basePrice: 30, cost: 12 })).toBe(18);
    expect(proposeRefresh(price, { basePrice: 30, cost: 0 })).toBe(15);
    expect(proposeRefresh(price, { basePrice: 30 })).toBe(15);
  });
  it('moves a fixed price by the base price’s dollar change, never below 0', () => {
    const price = { customPrice: 25, source: 'fixed' as const, referencePrice: 30 };
    expect(proposeRefresh(price, { basePrice: 32.5 })).toBe(27.5);
    expect(proposeRefresh(price, { basePrice: 30 })).toBe(25);
    expect(proposeRefresh(price, { basePrice: 2 })).toBe(0);
    expect(proposeRefresh({ customPrice: 25, source: 'fixed' }, { basePrice: 99 })).toBe(25);
  });
  it('is pending only where the price changes; the badge reads Custom unless the price is the base price', () => {
    expect(isPendingUpdate(23, 23.0)).toBe(false);
    expect(isPendingUpdate(23, 23.01)).toBe(true);
    expect(isPriceCustomized(30, 30)).toBe(false);
    expect(isPriceCustomized(29.99, 30)).toBe(true);
  });
  it('orders customers by pending changes, most first', () => {
    const list = [
      { customerName: 'B', personalizedPricingList: [1] },
      { customerName: 'A', personalizedPricingList: [1, 2, 3] },
      { customerName: 'C', personalizedPricingList: [1] },
    ];
    expect([...list].sort(byPendingChanges).map((c) => c.customerName)).toEqual(['A', 'B', 'C']);
  });
});

describe('cost never leaks through a cost-based margin', () => {
  const price = {
    productId: 'p',
    customPrice: 15,
    source: 'margin' as const,
    rule: rule('+', '%', 50, 'cost'),
    referencePrice: 10,
    dateUpdated: '2026-11-01T00:00:00.000Z',
  };
  it('drops the reference and the value for SALES, keeps them for ADMIN', () => {
    expect(redactCustomPrice(price, ['SALES'])).toEqual({
      productId: 'p',
      customPrice: 15,
      source: 'margin',
      rule: { direction: '+', kind: '%', basis: 'cost' },
      dateUpdated: price.dateUpdated,
    });
    expect(redactCustomPrice(price, ['ADMIN'])).toEqual(price);
    const onBase = { ...price, rule: rule('+', '%', 50) };
    expect(redactCustomPrice(onBase, ['SALES'])).toEqual(onBase);
  });
});

describe('spreadsheet and bodies', () => {
  it('net stock status: more than 50 IN STOCK, more than 1 LOW, otherwise OUT', () => {
    expect([51, 50, 2, 1, 0, -3].map(netStockStatus)).toEqual(['IN STOCK', 'LOW', 'LOW', 'OUT', 'OUT', 'OUT']);
  });
  it('names the file and sheet as the spec', () => {
    expect(CUSTOM_PRICING_SHEET.fileName('Green Leaf')).toBe('Green Leaf_CustomPricingExport.xlsx');
    expect(CUSTOM_PRICING_SHEET.sheetName).toBe('Custom Pricing');
    expect(CUSTOM_PRICING_SHEET.columns).toHaveLength(9);
  });
  it('accepts both bulk body forms and keeps only productId and newCustomPrice', () => {
    const entry = { productId: 'p', productData: { name: 'x' }, currentPrice: 1, newCustomPrice: 2 };
    expect(updateBulkCustomPricingBody.parse([entry, { productId: 'q', newCustomPrice: 3 }])).toEqual([
      { productId: 'p', newCustomPrice: 2 },
      { productId: 'q', newCustomPrice: 3 },
    ]);
    expect(updateBulkCustomPricingBody.safeParse([]).success).toBe(false);
  });
  it('refuses a margin with an empty scope', () => {
    const parsed = setMarginBody.safeParse({
      rule: rule('+', '%', 5),
      scope: { type: 'brands', brandIds: [] },
      prices: [{ productId: 'p', customPrice: 1 }],
    });
    expect(parsed.success).toBe(false);
  });
});
