import {
  availableStock,
  isOnMenus,
  resultingStock,
  type Product,
  type ProductStatus,
  type PurchaseOrderItem,
} from '@bo/shared';
import { GENETICS_LABELS } from '../../../format/labels';

/**
 * The rows of the restock table (spec section 2, Purchasing): a brand's products on the menus (restock lists
 * exclude INACTIVE and HIDDEN, spec section 5), plus whatever an edited order already holds. Filtering,
 * sorting and the search's "Enter selects the Nth match" are pure functions of these rows.
 */
export interface RestockRow {
  sku: string;
  productId?: string;
  name: string;
  typeID: string;
  type: string;
  /** As stored (INDICA …); see `geneticsLabel`. */
  genetics?: string;
  extractType?: string;
  weight?: number;
  stock: number;
  pendingOutboundQuantity: number;
  /** Units on other open purchase orders. */
  onOrder: number;
  /** Dollars per unit (the product's cost, or the loaded line's); absent for roles that may not see costs. */
  unitCost?: number;
  status?: ProductStatus;
  /** An edited order's line already received into stock: it stays as it is (the API refuses changing it). */
  received?: boolean;
  /** Lower-case text the search matches against. */
  haystack: string;
}

/** INDICA → Indica; a value this version does not know is shown as it came. */
export const geneticsLabel = (value: string | undefined): string =>
  value === undefined ? '' : ((GENETICS_LABELS as Record<string, string>)[value] ?? value);

const haystackOf = (r: Omit<RestockRow, 'haystack'>): string =>
  [r.name, r.sku, r.type, geneticsLabel(r.genetics), r.extractType ?? '', r.weight === undefined ? '' : `${r.weight} g`]
    .join(' ')
    .toLowerCase();

const withHaystack = (r: Omit<RestockRow, 'haystack'>): RestockRow => ({ ...r, haystack: haystackOf(r) });

export function rowFromProduct(p: Product, onOrder: number, loaded?: PurchaseOrderItem): RestockRow {
  return withHaystack({
    sku: p.sku,
    productId: p.id,
    name: p.name,
    typeID: p.typeID,
    type: p.type.name,
    genetics: p.genetics,
    extractType: p.extractType?.name,
    weight: p.weight,
    stock: p.stock,
    pendingOutboundQuantity: p.pendingOutboundQuantity,
    onOrder,
    unitCost: loaded?.unitCost ?? p.cost,
    status: p.status,
    ...(loaded?.hasBeenStocked ? { received: true } : {}),
  });
}

/** A line whose product left the catalogue: shown from the line's own snapshot. */
const rowFromLine = (line: PurchaseOrderItem): RestockRow =>
  withHaystack({
    sku: line.productSku,
    productId: line.productId,
    name: line.productName,
    typeID: '',
    type: line.productType,
    genetics: line.productGenetics,
    extractType: line.productExtractType,
    weight: line.productWeight,
    stock: 0,
    pendingOutboundQuantity: 0,
    onOrder: 0,
    unitCost: line.unitCost,
    ...(line.hasBeenStocked ? { received: true } : {}),
  });

const byName = (a: RestockRow, b: RestockRow) => a.name.localeCompare(b.name) || a.sku.localeCompare(b.sku);

export function restockRows(
  products: readonly Product[],
  onOrder: ReadonlyMap<string, number>,
  loadedLines: readonly PurchaseOrderItem[] = [],
): RestockRow[] {
  const lines = new Map(loadedLines.map((l) => [l.productSku, l]));
  const rows = products
    .filter((p) => isOnMenus(p) || lines.has(p.sku))
    .map((p) => rowFromProduct(p, onOrder.get(p.sku) ?? 0, lines.get(p.sku)));
  const known = new Set(rows.map((r) => r.sku));
  for (const line of loadedLines) if (!known.has(line.productSku)) rows.push(rowFromLine(line));
  return rows.sort(byName);
}

export const rowAvailable = (r: RestockRow): number => availableStock(r);
export const rowResulting = (r: RestockRow, quantity: number | null): number => resultingStock(r, quantity);

export interface RestockFilters {
  /** The search text as typed (a trailing number picks the Nth match on Enter, see `parseSearch`). */
  search: string;
  types: readonly string[];
  weights: readonly string[];
}

export const EMPTY_FILTERS: RestockFilters = { search: '', types: [], weights: [] };

export const weightKey = (weight: number | undefined): string => (weight === undefined ? 'none' : String(weight));
export const weightLabel = (weight: number | undefined): string => (weight === undefined ? 'No weight' : `${weight} g`);

/**
 * The search box: `blue` filters; `blue 2` (or `2` alone) filters by what comes before the number, and Enter
 * selects the Nth match as the table lists it; Enter on plain text selects the first match.
 */
export function parseSearch(text: string): { term: string; nth: number } {
  const trimmed = text.trim();
  const match = /^(?:(.*\S)\s+)?(\d+)$/.exec(trimmed);
  if (match && Number(match[2]) >= 1) return { term: (match[1] ?? '').toLowerCase(), nth: Number(match[2]) };
  return { term: trimmed.toLowerCase(), nth: 1 };
}

export function filterRows(rows: readonly RestockRow[], filters: RestockFilters): RestockRow[] {
  const { term } = parseSearch(filters.search);
  const words = term.split(/\s+/).filter(Boolean);
  const types = new Set(filters.types);
  const weights = new Set(filters.weights);
  return rows.filter(
    (r) =>
      (types.size === 0 || types.has(r.type)) &&
      (weights.size === 0 || weights.has(weightKey(r.weight))) &&
      words.every((w) => r.haystack.includes(w)),
  );
}

export const SORT_FIELDS = [
  'name',
  'type',
  'genetics',
  'extractType',
  'weight',
  'pending',
  'onOrder',
  'available',
  'quantity',
  'resulting',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface Sorting {
  field: SortField;
  descending: boolean;
}

const sortValue = (r: RestockRow, field: SortField, quantity: number | null): string | number => {
  switch (field) {
    case 'name':
      return r.name.toLowerCase();
    case 'type':
      return r.type.toLowerCase();
    case 'genetics':
      return geneticsLabel(r.genetics).toLowerCase();
    case 'extractType':
      return (r.extractType ?? '').toLowerCase();
    case 'weight':
      return r.weight ?? -1;
    case 'pending':
      return r.pendingOutboundQuantity;
    case 'onOrder':
      return r.onOrder;
    case 'available':
      return rowAvailable(r);
    case 'quantity':
      return quantity ?? -1;
    case 'resulting':
      return rowResulting(r, quantity);
  }
};

/** Sorted copy; ties keep name order. */
export function sortRows(
  rows: readonly RestockRow[],
  sorting: Sorting,
  quantityOf: (sku: string) => number | null,
): RestockRow[] {
  const sign = sorting.descending ? -1 : 1;
  return rows
    .map((r) => ({ r, v: sortValue(r, sorting.field, quantityOf(r.sku)) }))
    .sort((a, b) => (a.v < b.v ? -sign : a.v > b.v ? sign : byName(a.r, b.r)))
    .map((x) => x.r);
}

/** The row Enter selects: the Nth of the rows as listed (filtered and sorted), or none. */
export function searchPick(listed: readonly RestockRow[], search: string): RestockRow | null {
  return listed[parseSearch(search).nth - 1] ?? null;
}
