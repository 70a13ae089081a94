import type { Brand, LimitStatus, Product } from '@bo/shared';
import { limitRows, type LimitRow } from '../../components/stock-limits';

export interface BrandOverview {
  brand: Brand;
  rows: LimitRow[];
  counts: Record<LimitStatus, number>;
}

/**
 * Each brand not hidden from the overview, with its stock against its brand/type/weight limits
 * (shared `stockAgainstLimits`), by name.
 */
export function buildOverview(brands: readonly Brand[], products: readonly Product[]): BrandOverview[] {
  const byBrand = new Map<string, Product[]>();
  for (const p of products) byBrand.set(p.brandID, [...(byBrand.get(p.brandID) ?? []), p]);
  return brands
    .filter((b) => !b.hideInInventoryOverview)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'))
    .map((brand) => {
      const rows = limitRows(brand, byBrand.get(brand.id) ?? []);
      const counts: Record<LimitStatus, number> = { over: 0, at: 0, under: 0, none: 0 };
      for (const row of rows) counts[row.line.status] += 1;
      return { brand, rows, counts };
    });
}

export interface OverviewFilter {
  text: string;
  onlyOver: boolean;
}

/** Brand name contains the text; "only over limit" keeps the lines over their limit (and brands that have one). */
export function filterOverview(list: readonly BrandOverview[], filter: OverviewFilter): BrandOverview[] {
  const needle = filter.text.trim().toLowerCase();
  return list
    .filter((o) => !needle || o.brand.name.toLowerCase().includes(needle))
    .map((o) => (filter.onlyOver ? { ...o, rows: o.rows.filter((r) => r.line.status === 'over') } : o))
    .filter((o) => !filter.onlyOver || o.rows.length > 0);
}

export const OVERVIEW_PAGE_SIZE = 10;

/** About how tall a brand's table is (header, column headings, its rows), for the space kept until it is drawn. */
export const brandCardHeight = (rows: number) => 120 + Math.max(rows, 1) * 58;
