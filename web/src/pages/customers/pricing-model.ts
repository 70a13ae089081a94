import type { MultiselectProps } from '@cloudscape-design/components/multiselect';
import { GENETICS_OPTIONS } from '../../format/labels';
import { toCents, toDollars, type CustomPrice, type Genetics, type Product } from '@bo/shared';

/**
 * Edit Customer Pricing without React: rows from products and the customer's prices, the filters, the
 * brand groups with their 'priced / total' counts, and what Update sends.
 */

export interface PricingRow {
  id: string;
  sku: string;
  name: string;
  brandID: string;
  brandName: string;
  typeID: string;
  typeName: string;
  genetics?: Genetics;
  extractTypeID?: string;
  extractTypeName?: string;
  weight?: number;
  basePrice: number;
  /** Only for roles that may see costs (the API strips it otherwise). */
  cost?: number;
  stock: number;
  pendingOutboundQuantity: number;
  unitQuantity?: number;
  /** The saved custom price. */
  savedPrice?: number;
  /** An unsaved edit: a price, or null to remove the custom price. */
  pending?: number | null;
  /** What the table shows: the unsaved edit, else the saved price; undefined means the base price applies. */
  price?: number;
  /** Lower-cased name, SKU, brand, type, genetics and extract type, for the filter box. */
  searchText: string;
}

/** Unsaved edits by product id: a price, or null to remove the custom price. */
export type PendingEdits = ReadonlyMap<string, number | null>;

export function buildRows(products: readonly Product[], prices: readonly CustomPrice[]): PricingRow[] {
  const saved = new Map(prices.map((p) => [p.productId, p.customPrice]));
  return products.map((p) => {
    const savedPrice = saved.get(p.id);
    return {
      id: p.id,
      sku: p.sku,
      name: p.name,
      brandID: p.brandID,
      brandName: p.brand.name,
      typeID: p.typeID,
      typeName: p.type.name,
      genetics: p.genetics,
      extractTypeID: p.extractTypeID,
      extractTypeName: p.extractType?.name,
      weight: p.weight,
      basePrice: p.basePrice,
      cost: p.cost,
      stock: p.stock,
      pendingOutboundQuantity: p.pendingOutboundQuantity,
      unitQuantity: p.unitQuantity,
      savedPrice,
      price: savedPrice,
      searchText: [p.name, p.sku, p.brand.name, p.type.name, p.genetics ?? '', p.extractType?.name ?? '']
        .join(' ')
        .toLowerCase(),
    };
  });
}

/** The rows with the unsaved edits laid over them (rows without an edit are returned as they are). */
export function withPending(rows: readonly PricingRow[], pending: PendingEdits): PricingRow[] {
  if (pending.size === 0) return rows as PricingRow[];
  return rows.map((row) => {
    if (!pending.has(row.id)) return row;
    const edit = pending.get(row.id) ?? null;
    return { ...row, pending: edit, price: edit ?? undefined };
  });
}

export interface PricingFilters {
  text: string;
  brandIds: readonly string[];
  typeIds: readonly string[];
  genetics: readonly string[];
  extractTypeIds: readonly string[];
}
export const NO_PRICING_FILTERS: PricingFilters = {
  text: '',
  brandIds: [],
  typeIds: [],
  genetics: [],
  extractTypeIds: [],
};

/** The filter value for products without an extract type. */
export const NO_EXTRACT = '-none-';

export const isFiltered = (f: PricingFilters): boolean =>
  f.text.trim() !== '' || f.brandIds.length + f.typeIds.length + f.genetics.length + f.extractTypeIds.length > 0;

export function filterRows(rows: readonly PricingRow[], f: PricingFilters): PricingRow[] {
  if (!isFiltered(f)) return rows as PricingRow[];
  const words = f.text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const brands = new Set(f.brandIds);
  const types = new Set(f.typeIds);
  const genetics = new Set(f.genetics);
  const extracts = new Set(f.extractTypeIds);
  return rows.filter(
    (r) =>
      (brands.size === 0 || brands.has(r.brandID)) &&
      (types.size === 0 || types.has(r.typeID)) &&
      (genetics.size === 0 || genetics.has(r.genetics ?? '')) &&
      (extracts.size === 0 || extracts.has(r.extractTypeID ?? NO_EXTRACT)) &&
      words.every((w) => r.searchText.includes(w)),
  );
}

export interface BrandGroup {
  brandID: string;
  brandName: string;
  rows: PricingRow[];
  /** Products with a custom price (saved or unsaved). */
  priced: number;
}

/** 'priced / total' of a brand's accordion header (spec section 2). */
export const pricedText = (group: Pick<BrandGroup, 'priced' | 'rows'>): string =>
  `${group.priced} / ${group.rows.length}`;

/** Rows by brand, brands by name, products by name within each. */
export function groupByBrand(rows: readonly PricingRow[]): BrandGroup[] {
  const groups = new Map<string, BrandGroup>();
  for (const row of rows) {
    let group = groups.get(row.brandID);
    if (!group) {
      group = { brandID: row.brandID, brandName: row.brandName, rows: [], priced: 0 };
      groups.set(row.brandID, group);
    }
    group.rows.push(row);
    if (row.price !== undefined) group.priced += 1;
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en-US');
  return [...groups.values()]
    .sort((a, b) => a.brandName.localeCompare(b.brandName, 'en-US'))
    .map((g) => ({ ...g, rows: g.rows.sort(byName) }));
}

/** Multi-select options from what the products hold, by label. */
export function filterOptions(rows: readonly PricingRow[]): {
  brands: MultiselectProps.Option[];
  types: MultiselectProps.Option[];
  genetics: MultiselectProps.Option[];
  extractTypes: MultiselectProps.Option[];
} {
  const brands = new Map<string, string>();
  const types = new Map<string, string>();
  const extracts = new Map<string, string>();
  let withoutExtract = false;
  for (const r of rows) {
    brands.set(r.brandID, r.brandName);
    types.set(r.typeID, r.typeName);
    if (r.extractTypeID) extracts.set(r.extractTypeID, r.extractTypeName ?? r.extractTypeID);
    else withoutExtract = true;
  }
  const options = (m: Map<string, string>) =>
    [...m.entries()]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en-US'));
  return {
    brands: options(brands),
    types: options(types),
    genetics: GENETICS_OPTIONS,
    extractTypes: [...options(extracts), ...(withoutExtract ? [{ value: NO_EXTRACT, label: 'None' }] : [])],
  };
}

export interface SavePlan {
  /** One `updateCustomPricing` call per distinct price. */
  sets: Array<{ customPrice: number; productIds: string[] }>;
  /** One `deleteCustomPricing` call. */
  removals: string[];
}

/** What Update sends: edits that change something, grouped by price; removals of saved prices. */
export function savePlan(rows: readonly PricingRow[], pending: PendingEdits): SavePlan {
  const saved = new Map(rows.map((r) => [r.id, r.savedPrice]));
  const byPrice = new Map<number, string[]>();
  const removals: string[] = [];
  for (const [id, edit] of pending) {
    const current = saved.get(id);
    if (edit === null) {
      if (current !== undefined) removals.push(id);
      continue;
    }
    if (current !== undefined && toCents(current) === toCents(edit)) continue;
    const cents = toCents(edit);
    byPrice.set(cents, [...(byPrice.get(cents) ?? []), id]);
  }
  return {
    sets: [...byPrice.entries()].map(([cents, productIds]) => ({ customPrice: toDollars(cents), productIds })),
    removals,
  };
}

export const planSize = (plan: SavePlan): number =>
  plan.removals.length + plan.sets.reduce((n, s) => n + s.productIds.length, 0);
