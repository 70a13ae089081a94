import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fillToLimits,
  limitGroupsOf,
  limitOf,
  reachedLimits,
  type FillToLimitsProduct,
  type LimitBrand,
} from '../src/index';

const product = (sku: string, typeID: string, weight: number | undefined, stock: number, more = {}) =>
  ({ sku, typeID, weight, stock, pendingOutboundQuantity: 0, status: 'ACTIVE', ...more }) as FillToLimitsProduct;
const quantities = (lines: ReturnType<typeof fillToLimits>) =>
  Object.fromEntries(lines.map((l) => [l.sku, l.orderQuantity]));

describe('the limit of a product: weight, else type, else brand', () => {
  const brand: LimitBrand = {
    maxBrandStock: 500,
    MaxProductStock: [
      { typeId: 'flower', maxStock: 200 },
      { typeId: 'flower', weight: 3.5, maxStock: 60 },
      { typeId: 'vape', weight: 1, maxStock: null },
    ],
  };
  it('takes the weight limit first', () =>
    expect(limitOf(brand, { typeID: 'flower', weight: 3.5 })).toEqual({
      level: 'weight',
      key: 'weight:flower:3.5',
      limit: 60,
    }));
  it('else the type limit', () => expect(limitOf(brand, { typeID: 'flower', weight: 7 })?.limit).toBe(200));
  it('else the brand limit (a cleared weight limit is no limit)', () =>
    expect(limitOf(brand, { typeID: 'vape', weight: 1 })).toEqual({ level: 'brand', key: 'brand', limit: 500 }));
  it('null when no limit is set', () =>
    expect(limitOf({ maxBrandStock: null, MaxProductStock: [] }, { typeID: 'vape' })).toBeNull());
  it('lists every enclosing limit, most specific first', () =>
    expect(limitGroupsOf(brand, { typeID: 'flower', weight: 3.5 }).map((g) => g.limit)).toEqual([60, 200, 500]));
});

describe('fill to limits', () => {
  it('fills a product to its weight limit, counting pending outbound and units on order', () => {
    const brand: LimitBrand = { maxBrandStock: null, MaxProductStock: [{ typeId: 't', weight: 1, maxStock: 100 }] };
    const p = product('A', 't', 1, 40, { pendingOutboundQuantity: 10, onOrder: 25 });
    // projected 40 − 10 + 25 = 55, so 45 more reach the limit of 100.
    expect(fillToLimits(brand, [p], ['A'])).toEqual([
      { sku: 'A', orderQuantity: 45, limit: { level: 'weight', key: 'weight:t:1', limit: 100 } },
    ]);
  });

  it('orders nothing for a product under no limit, and nothing for a full group', () => {
    const brand: LimitBrand = { maxBrandStock: null, MaxProductStock: [{ typeId: 't', maxStock: 30 }] };
    const lines = fillToLimits(brand, [product('A', 'x', 1, 0), product('B', 't', 1, 30)], ['A', 'B']);
    expect(quantities(lines)).toEqual({ A: 0, B: 0 });
    expect(lines[0]!.limit).toBeNull();
  });

  it('shares a brand limit across the brand: unselected products count, the emptiest is raised first', () => {
    const brand: LimitBrand = { maxBrandStock: 100, MaxProductStock: [] };
    const products = [product('A', 't', 1, 10), product('B', 't', 2, 30), product('C', 'u', 1, 20)];
    // Usage 60, room 40 for A and B (C is not selected but holds 20). A rises to 30 (20 units), then A and
    // B rise together: 10 each, to 40.
    expect(quantities(fillToLimits(brand, products, ['A', 'B']))).toEqual({ A: 30, B: 10 });
  });

  it('splits an uneven remainder one unit each in SKU order', () => {
    const brand: LimitBrand = { maxBrandStock: 10, MaxProductStock: [] };
    const products = [product('C', 't', 1, 0), product('A', 't', 1, 0), product('B', 't', 1, 0)];
    expect(quantities(fillToLimits(brand, products, ['A', 'B', 'C']))).toEqual({ A: 4, B: 3, C: 3 });
  });

  it('keeps a product with its own limit inside the shared brand limit too', () => {
    const brand: LimitBrand = { maxBrandStock: 50, MaxProductStock: [{ typeId: 't', weight: 1, maxStock: 40 }] };
    const products = [product('A', 't', 1, 0), product('B', 'u', 1, 0)];
    // A alone could take 40, but with B sharing the brand's 50 they level at 25 each.
    expect(quantities(fillToLimits(brand, products, ['A', 'B']))).toEqual({ A: 25, B: 25 });
    // With a tighter weight limit A stops there and B takes the rest of the brand's room.
    const tight: LimitBrand = { ...brand, MaxProductStock: [{ typeId: 't', weight: 1, maxStock: 10 }] };
    expect(quantities(fillToLimits(tight, products, ['A', 'B']))).toEqual({ A: 10, B: 40 });
  });

  it('orders the shortfall of an oversold product as Fill To does, without taking room from others', () => {
    const brand: LimitBrand = { maxBrandStock: 20, MaxProductStock: [] };
    const products = [product('A', 't', 1, 0, { pendingOutboundQuantity: 5 }), product('B', 't', 1, 10)];
    expect(quantities(fillToLimits(brand, products, ['A']))).toEqual({ A: 15 });
  });

  it('leaves INACTIVE and HIDDEN products out of the counts and the order', () => {
    const brand: LimitBrand = { maxBrandStock: 50, MaxProductStock: [] };
    const products = [product('A', 't', 1, 10), product('H', 't', 1, 40, { status: 'HIDDEN' })];
    expect(fillToLimits(brand, products, ['A', 'H'])).toEqual([
      expect.objectContaining({ sku: 'A', orderQuantity: 40 }),
    ]);
  });

  const arbitraryCase = fc
    .record({
      maxBrandStock: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
      typeLimits: fc.array(fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }), { minLength: 2, maxLength: 2 }),
      weightLimits: fc.array(fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }), {
        minLength: 4,
        maxLength: 4,
      }),
      products: fc.array(
        fc.record({
          type: fc.integer({ min: 0, max: 1 }),
          weight: fc.integer({ min: 1, max: 2 }),
          stock: fc.integer({ min: -20, max: 150 }),
          pendingOutboundQuantity: fc.integer({ min: 0, max: 40 }),
          onOrder: fc.integer({ min: 0, max: 40 }),
          selected: fc.boolean(),
        }),
        { maxLength: 12 },
      ),
    })
    .map((c) => {
      const brand: LimitBrand = {
        maxBrandStock: c.maxBrandStock,
        MaxProductStock: [
          ...c.typeLimits.map((maxStock, t) => ({ typeId: `t${t}`, maxStock })),
          ...c.weightLimits.map((maxStock, i) => ({ typeId: `t${i >> 1}`, weight: (i % 2) + 1, maxStock })),
        ],
      };
      const products = c.products.map((p, i) =>
        product(`P${String(i).padStart(2, '0')}`, `t${p.type}`, p.weight, p.stock, {
          pendingOutboundQuantity: p.pendingOutboundQuantity,
          onOrder: p.onOrder,
        }),
      );
      const selected = products.filter((_, i) => c.products[i]!.selected).map((p) => p.sku);
      return { brand, products, selected };
    });

  const projected = (p: FillToLimitsProduct, extra = 0) =>
    Math.max(0, p.stock - (p.pendingOutboundQuantity ?? 0) + (p.onOrder ?? 0) + extra);

  it('never takes a group over a limit it was under, and never orders a negative (property)', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ brand, products, selected }) => {
        const ordered = quantities(fillToLimits(brand, products, selected));
        for (const q of Object.values(ordered)) expect(Number.isInteger(q) && q >= 0).toBe(true);
        const groups = new Map<string, { limit: number; before: number; after: number }>();
        for (const p of products)
          for (const g of limitGroupsOf(brand, p)) {
            const sum = groups.get(g.key) ?? { limit: g.limit, before: 0, after: 0 };
            sum.before += projected(p);
            sum.after += projected(p, ordered[p.sku] ?? 0);
            groups.set(g.key, sum);
          }
        for (const g of groups.values()) expect(g.after).toBeLessThanOrEqual(Math.max(g.limit, g.before));
      }),
    );
  });

  it('orders nothing more once its result is on order: never double-orders (property)', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ brand, products, selected }) => {
        const first = quantities(fillToLimits(brand, products, selected));
        const again = products.map((p) => ({ ...p, onOrder: (p.onOrder ?? 0) + (first[p.sku] ?? 0) }));
        for (const line of fillToLimits(brand, again, selected)) expect(line.orderQuantity).toBe(0);
      }),
    );
  });

  it('fills every selected limited product until one of its groups is full (property)', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ brand, products, selected }) => {
        const ordered = quantities(fillToLimits(brand, products, selected));
        const after = new Map<string, number>();
        for (const p of products)
          for (const g of limitGroupsOf(brand, p))
            after.set(g.key, (after.get(g.key) ?? 0) + projected(p, ordered[p.sku] ?? 0));
        for (const p of products.filter((x) => selected.includes(x.sku))) {
          const groups = limitGroupsOf(brand, p);
          if (groups.length === 0) continue;
          expect(groups.some((g) => (after.get(g.key) ?? 0) >= g.limit)).toBe(true);
        }
      }),
    );
  });

  it('answers a 1,000-product brand with a shared brand limit at once', () => {
    const brand: LimitBrand = { maxBrandStock: 100_000, MaxProductStock: [{ typeId: 't0', maxStock: 30_000 }] };
    const products = Array.from({ length: 1000 }, (_, i) =>
      product(`S${String(i).padStart(4, '0')}`, `t${i % 3}`, 1, i % 97),
    );
    const lines = fillToLimits(
      brand,
      products,
      products.map((p) => p.sku),
    );
    const total = lines.reduce((s, l) => s + l.orderQuantity, 0);
    const stock = products.reduce((s, p) => s + p.stock, 0);
    expect(stock + total).toBe(100_000);
  });
});

describe('why fill to limits ordered nothing', () => {
  const brand: LimitBrand = {
    maxBrandStock: 100,
    MaxProductStock: [
      { typeId: 'flower', maxStock: 50 },
      { typeId: 'vape', weight: 1, maxStock: 20 },
    ],
  };
  const explain = (products: FillToLimitsProduct[], selected: string[]) =>
    reachedLimits(brand, products, fillToLimits(brand, products, selected)).map((r) => ({
      key: r.group.key,
      limit: r.group.limit,
      usage: r.usage,
      skus: r.skus,
    }));

  it('names the brand limit already reached, with its usage (on order counts, oversold counts 0)', () => {
    const products = [
      product('A', 'flower', 1, 30, { onOrder: 10 }),
      product('B', 'edible', 1, 70, { pendingOutboundQuantity: 5 }),
      product('C', 'edible', 2, 0, { pendingOutboundQuantity: 4, onOrder: 2 }),
    ];
    // Usage 40 + 65 + 0 = 105 of 100: nothing for A or B, and the reason is the brand limit.
    expect(explain(products, ['A', 'B'])).toEqual([{ key: 'brand', limit: 100, usage: 105, skus: ['A', 'B'] }]);
  });

  it('names each reached limit once, most specific first; an under-limit product is not explained', () => {
    const products = [
      product('A', 'flower', 1, 50),
      product('B', 'flower', 2, 0),
      product('V', 'vape', 1, 25),
      product('E', 'edible', 1, 0),
    ];
    // Flower 50 of 50 and vape 1 g 25 of 20 are full; the brand (75 of 100) has room, so E gets 25.
    expect(explain(products, ['A', 'B', 'V', 'E'])).toEqual([
      { key: 'weight:vape:1', limit: 20, usage: 25, skus: ['V'] },
      { key: 'type:flower', limit: 50, usage: 50, skus: ['A', 'B'] },
    ]);
  });

  it('explains nothing when every product got units, or a product has no limit', () => {
    const open: LimitBrand = { maxBrandStock: null, MaxProductStock: [{ typeId: 'flower', maxStock: 10 }] };
    const products = [product('A', 'flower', 1, 2), product('X', 'other', 1, 500)];
    expect(reachedLimits(open, products, fillToLimits(open, products, ['A', 'X']))).toEqual([]);
  });
});
