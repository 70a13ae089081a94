import { stockAgainstLimits, type Brand, type LimitLine, type LimitStatus, type Product } from '@bo/shared';
import { formatUnits } from '../format/counts';

export type LimitLevel = 'brand' | 'type' | 'weight';

/** One editable line of the limits dialog (and one line of the overview). */
export interface LimitRow {
  key: string;
  level: LimitLevel;
  line: LimitLine;
}

/** The lines of `stockAgainstLimits` in reading order: the brand, then each type followed by its weights. */
export function limitRows(
  brand: Pick<Brand, 'maxBrandStock' | 'MaxProductStock'>,
  products: ReadonlyArray<Pick<Product, 'typeID' | 'weight' | 'stock' | 'status'> & { type?: { name: string } }>,
): LimitRow[] {
  const result = stockAgainstLimits(brand, products);
  const byName = (a: LimitLine, b: LimitLine) => a.label.localeCompare(b.label, 'en-US');
  const rows: LimitRow[] = [{ key: 'brand', level: 'brand', line: result.brand }];
  for (const type of [...result.types].sort(byName)) {
    rows.push({ key: `type:${type.typeId}`, level: 'type', line: type });
    for (const weight of result.weights
      .filter((w) => w.typeId === type.typeId)
      .sort((a, b) => (a.weight ?? 0) - (b.weight ?? 0)))
      rows.push({ key: `weight:${type.typeId}:${weight.weight}`, level: 'weight', line: weight });
  }
  return rows;
}

export const LIMIT_LABELS: Record<LimitLevel, string> = {
  brand: 'Brand Limit',
  type: 'Type Limit',
  weight: 'Weight Limit',
};

/** The text of a limit status, and its StatusIndicator type (over red, at amber, under green, none grey). */
export const LIMIT_STATUS: Record<LimitStatus, { text: string; type: 'error' | 'warning' | 'success' | 'stopped' }> = {
  over: { text: 'Over limit', type: 'error' },
  at: { text: 'At limit', type: 'warning' },
  under: { text: 'Under limit', type: 'success' },
  none: { text: 'No limit', type: 'stopped' },
};

/** '' is no limit (null); otherwise a whole number of 0 or more; undefined when not valid. */
export function parseLimit(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= 10_000_000 ? value : undefined;
}

export const limitText = (limit: number | null | undefined): string =>
  limit === null || limit === undefined ? '' : String(limit);

export const countsText = (line: LimitLine): string =>
  `${line.products} ${line.products === 1 ? 'product' : 'products'} · ${formatUnits(line.stock)} ${line.stock === 1 ? 'unit' : 'units'}`;
