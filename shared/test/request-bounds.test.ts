import { describe, expect, it } from 'vitest';
import {
  customersUpdateRoute,
  dollars,
  hasAtMostDecimals,
  orderedRange,
  rangeQuery,
  routeList,
  weekParams,
} from '../src';
import * as z from '../src/zod';
import { EXTREME_NUMBERS, leavesOf, OVERSIZED_STRING, type Leaf } from './support/schema-leaves';

/** Every string and number of every route's path, query and body, named `route part.path`. */
const leaves = routeList().flatMap((row) =>
  (['params', 'query', 'body'] as const).flatMap((part) =>
    row[part] ? leavesOf(row[part]).map((leaf) => ({ ...leaf, name: `${row.id} ${part}.${leaf.path.join('.')}` })) : [],
  ),
);
const accepts = (leaf: Leaf, value: unknown) => leaf.schema.safeParse(value).success;

describe('request schemas (issue 11: no 500 on bad input)', () => {
  it('finds the strings and numbers of every request', () => {
    const names = leaves.map((l) => l.name);
    expect(names).toContain('customers.update body.creditAvailable');
    expect(names).toContain('products.addNew body.basePrice');
    expect(names).toContain('preferences.saveFilter body.filterData.filters.weights.0');
    expect(names).toContain('preferences.saveFilter body.userId');
    expect(names).toContain('orders.new body.products.0.quantity');
    expect(names).toContain('brands.updateWeightStockLimit params.weight');
    expect(leaves.filter((l) => l.kind === 'number').length).toBeGreaterThan(30);
    expect(leaves.filter((l) => l.kind === 'string').length).toBeGreaterThan(100);
  });

  it('every number refuses what DynamoDB cannot store or the SDK cannot marshal', () => {
    const numbers = leaves.filter((l) => l.kind === 'number');
    const accepted = numbers.flatMap((leaf) =>
      EXTREME_NUMBERS.filter(([, value]) => accepts(leaf, value)).map(([label]) => `${leaf.name} took ${label}`),
    );
    expect(accepted).toEqual([]);
  });

  it('every string, id and path segment is bounded', () => {
    const unbounded = leaves.filter((l) => l.kind === 'string' && accepts(l, OVERSIZED_STRING)).map((l) => l.name);
    expect(unbounded).toEqual([]);
  });

  it('the probe cases: creditAvailable and basePrice 1e-131, filter weights 1e126 and 2^53 + 1, a long userId', () => {
    expect(customersUpdateRoute.body.safeParse({ creditAvailable: 1e-131 }).success).toBe(false);
    expect(customersUpdateRoute.body.safeParse({ creditAvailable: 250.5 }).success).toBe(true);
    const saveFilter = routeList().find((r) => r.id === 'preferences.saveFilter')!.body!;
    const filter = (weights: number[], userId = 'u1') =>
      saveFilter.safeParse({ userId, filterData: { filterName: 'Mine', filters: { weights } } }).success;
    expect(filter([1e126])).toBe(false);
    expect(filter([Number('9007199254740993')])).toBe(false);
    expect(filter([3.5, 28])).toBe(true);
    expect(filter([1], 'u'.repeat(3000))).toBe(false);
  });
});

describe('money and decimals', () => {
  it('takes cents, forgives binary noise, refuses fractions of a cent however small', () => {
    for (const ok of [0, 0.29, 19.99, 0.1 + 0.2, 9_999_999.99, 10_000_000])
      expect(dollars.safeParse(ok).success).toBe(true);
    for (const bad of [1e-131, 0.001, 1.005, -0.01, 10_000_000.01, 1e126, Number.NaN, Infinity])
      expect(dollars.safeParse(bad).success).toBe(false);
  });

  it('counts decimals relative to the value', () => {
    expect(hasAtMostDecimals(28.349, 3)).toBe(true);
    expect(hasAtMostDecimals(28.3495, 3)).toBe(false);
    expect(hasAtMostDecimals(-0.005, 2)).toBe(false);
    expect(hasAtMostDecimals(5e-324, 6)).toBe(false);
  });
});

describe('date ranges', () => {
  it('refuses a reversed range with a message naming both ends', () => {
    const result = rangeQuery.safeParse({ from: '2026-03-01', to: '2026-02-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['from'], message: 'from must not be after to' });
    expect(weekParams.safeParse({ fromISO: '2026-03-01T00:00:00Z', toISO: '2026-02-28T23:59:59Z' }).success).toBe(
      false,
    );
  });

  it('takes one day (a day ends at its last millisecond), open ends and bounds left to the fields', () => {
    expect(rangeQuery.safeParse({ from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
    expect(rangeQuery.safeParse({ from: '2026-03-01T18:00:00Z', to: '2026-03-01' }).success).toBe(true);
    expect(rangeQuery.safeParse({ from: '2026-03-01' }).success).toBe(true);
    expect(rangeQuery.safeParse({}).success).toBe(true);
    const checked = z.object({ a: z.string(), b: z.string() }).check(orderedRange('a', 'b'));
    expect(checked.safeParse({ a: 'not a date', b: '2026-01-01' }).success).toBe(true);
  });
});
