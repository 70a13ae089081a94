/**
 * Inventory reports (issue 25): what the stock is worth (units × cost) by brand and product type, now and at the
 * end of a past month, and the products that have not sold for a while. Units at a past month's end are the
 * units now less the net movement of every month after it (the stream keeps one item per month of those
 * movements), so the cost of a valuation grows with how far back it looks, never with how many moves there were.
 */

/** How far back a valuation looks, in months before the current one. */
export const MAX_VALUATION_MONTHS_BACK = 36;
/** `days` of the slow movers: no sale in this many days (default 90, 1 to 365). */
export const SLOW_MOVER_DAYS = { min: 1, max: 365, default: 90 } as const;
/** Slow movers listed, the most value first. */
export const MAX_SLOW_MOVERS = 500;

export interface StockedProduct {
  productId: string;
  name: string;
  sku: string;
  brandId: string;
  brandName: string;
  typeId: string;
  typeName: string;
  /** Units on hand (now, or at the month's end). */
  units: number;
  costCents: number;
}

export interface ValuationLine {
  key: string;
  label: string;
  units: number;
  valueCents: number;
  /** Products with units on hand. */
  products: number;
}

export interface Valuation {
  byBrand: ValuationLine[];
  byType: ValuationLine[];
  /** Brand × type: `key` is `brandId|typeId`, `label` "Brand · Type". */
  rows: ValuationLine[];
  total: Omit<ValuationLine, 'key' | 'label'>;
}

/** Units at the end of a past month: units now less the net movement of each later month (never below 0). */
export const unitsAtMonthEnd = (now: number, laterMonthMoves: readonly number[]): number =>
  Math.max(
    0,
    laterMonthMoves.reduce((units, moved) => units - moved, now),
  );

const byValue = (a: ValuationLine, b: ValuationLine) =>
  b.valueCents - a.valueCents || b.units - a.units || a.label.localeCompare(b.label, 'en-US');

/** The valuation of products (their units as given), brands in `excluded` left out. Lines with no units are left out. */
export function valuationOf(products: readonly StockedProduct[], excluded: ReadonlySet<string> = new Set()): Valuation {
  const groups = {
    byBrand: new Map<string, ValuationLine>(),
    byType: new Map<string, ValuationLine>(),
    rows: new Map<string, ValuationLine>(),
  };
  const total = { units: 0, valueCents: 0, products: 0 };
  const add = (map: Map<string, ValuationLine>, key: string, label: string, units: number, value: number) => {
    const line = map.get(key) ?? { key, label, units: 0, valueCents: 0, products: 0 };
    line.units += units;
    line.valueCents += value;
    line.products += 1;
    map.set(key, line);
  };
  for (const p of products) {
    if (excluded.has(p.brandId) || p.units <= 0) continue;
    const value = p.units * p.costCents;
    add(groups.byBrand, p.brandId, p.brandName, p.units, value);
    add(groups.byType, p.typeId, p.typeName, p.units, value);
    add(groups.rows, `${p.brandId}|${p.typeId}`, `${p.brandName} · ${p.typeName}`, p.units, value);
    total.units += p.units;
    total.valueCents += value;
    total.products += 1;
  }
  return {
    byBrand: [...groups.byBrand.values()].sort(byValue),
    byType: [...groups.byType.values()].sort(byValue),
    rows: [...groups.rows.values()].sort(byValue),
    total,
  };
}

export interface SlowMover extends StockedProduct {
  valueCents: number;
  /** The last day it went out on an order inside the window looked at; undefined: none in it. */
  lastSold?: string;
}

/**
 * Products with units on hand and no sale since `since` (YYYY-MM-DD), brands in `excluded` left out, the most
 * value tied up first (then most units), at most MAX_SLOW_MOVERS; `count` is how many there are in all.
 */
export function slowMoversOf(
  products: readonly StockedProduct[],
  lastSold: ReadonlyMap<string, string>,
  since: string,
  excluded: ReadonlySet<string> = new Set(),
): { count: number; products: SlowMover[]; units: number; valueCents: number } {
  const slow = products
    .filter((p) => p.units > 0 && !excluded.has(p.brandId))
    .filter((p) => (lastSold.get(p.productId) ?? '') < since)
    .map((p): SlowMover => {
      const sold = lastSold.get(p.productId);
      return { ...p, valueCents: p.units * p.costCents, ...(sold ? { lastSold: sold } : {}) };
    })
    .sort((a, b) => b.valueCents - a.valueCents || b.units - a.units || a.name.localeCompare(b.name, 'en-US'));
  return {
    count: slow.length,
    products: slow.slice(0, MAX_SLOW_MOVERS),
    units: slow.reduce((s, p) => s + p.units, 0),
    valueCents: slow.reduce((s, p) => s + p.valueCents, 0),
  };
}
