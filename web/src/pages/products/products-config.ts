import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { MultiselectProps } from '@cloudscape-design/components/multiselect';
import type { Product, ProductFilters, ProductSort, StockFilter } from '@bo/shared';
import { GENETICS_LABELS, GENETICS_OPTIONS } from '../../format/labels';
import { formatMoney } from '../../format/money';
import { statusOptions } from '../../format/statuses';

/** The products table: columns, preferences, texts, the filter bar's options and its shortcuts. */

export type ProductColumnId =
  | 'image'
  | 'name'
  | 'sku'
  | 'brand'
  | 'type'
  | 'genetics'
  | 'extractType'
  | 'weight'
  | 'stock'
  | 'pending'
  | 'onOrder'
  | 'basePrice'
  | 'status'
  | 'visibility';

export const PRODUCT_COLUMNS: ReadonlyArray<{
  id: ProductColumnId;
  header: string;
  /** The name in Preferences when the header is shortened. */
  label?: string;
  /** Width in px (fixed: resizable columns cost too much per keystroke, see ProductsPage). */
  width: number;
  isRowHeader?: boolean;
  /** Shown until the user chooses otherwise in Preferences. */
  visible: boolean;
  /** Only for the roles that may read purchase orders (`purchases.getOnOrder`). */
  purchasing?: boolean;
}> = [
  // Visible by default: the name (with its SKU under it), brand and the figures people act on. Together they fit
  // a 1280 px screen with the side navigation open (the selection column, these widths and the table's padding
  // stay under 950 px), so Stock, Pending, On order (purchasing roles), Base price, Status and Visibility never
  // hide off to the right.
  { id: 'image', header: 'Image', width: 80, visible: false },
  { id: 'name', header: 'Name', width: 190, isRowHeader: true, visible: true },
  { id: 'sku', header: 'SKU', width: 140, visible: false },
  { id: 'brand', header: 'Brand', width: 120, visible: true },
  { id: 'type', header: 'Type', width: 120, visible: false },
  { id: 'genetics', header: 'Genetics', width: 110, visible: false },
  { id: 'extractType', header: 'Extract type', width: 130, visible: false },
  { id: 'weight', header: 'Weight (g)', width: 110, visible: false },
  { id: 'stock', header: 'Stock', width: 95, visible: true },
  { id: 'pending', header: 'Pending', label: 'Pending outbound', width: 85, visible: true },
  {
    id: 'onOrder',
    header: 'On order',
    label: 'On order (open purchase orders)',
    width: 95,
    visible: true,
    purchasing: true,
  },
  { id: 'basePrice', header: 'Base price', width: 105, visible: true },
  { id: 'status', header: 'Status', width: 100, visible: true },
  { id: 'visibility', header: 'Catalog', label: 'Catalog visibility', width: 100, visible: true },
];

export const PAGE_SIZE_OPTIONS: CollectionPreferencesProps.PageSizeOption[] = [
  { value: 25, label: '25 products' },
  { value: 50, label: '50 products' },
  { value: 100, label: '100 products' },
];

export const DEFAULT_PREFERENCES: CollectionPreferencesProps.Preferences = {
  pageSize: 25,
  // Long names wrap inside their column instead of widening the table past the screen.
  wrapLines: true,
  stripedRows: true,
  contentDensity: 'compact',
  contentDisplay: PRODUCT_COLUMNS.map((c) => ({ id: c.id, visible: c.visible })),
};

/** The columns a role gets: On order only for the roles that may read purchase orders. */
export const productColumnsFor = (purchasing: boolean) => PRODUCT_COLUMNS.filter((c) => purchasing || !c.purchasing);

export const contentDisplayOptionsFor = (purchasing: boolean): CollectionPreferencesProps.ContentDisplayOption[] =>
  productColumnsFor(purchasing).map((c) => ({
    id: c.id,
    label: c.label ?? c.header,
    alwaysVisible: c.id === 'name',
  }));

/**
 * Versioned: preferences saved before the default columns changed are not reused (v3: the On order column,
 * which saved column lists would otherwise keep hidden).
 */
export const PREFERENCES_STORAGE_KEY = 'bo.products.table.preferences.v3';

/** Spec section 8, product list screens. */
export const PRODUCTS_TEXT = {
  loading: 'Loading...',
  error: 'Error...',
  empty: 'No products found',
  noMatch: 'No products found. Try adjusting your filters.',
  searchPlaceholder: 'Search name, SKU, brand or type',
} as const;

const grams = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
export const formatPrice = formatMoney;
export const formatWeight = (weight: number | undefined): string => (weight === undefined ? '-' : grams.format(weight));

export { GENETICS_LABELS };
export const STATUS_OPTIONS = statusOptions('product');

/** Stock filter values as each Save Custom Filter variant shows them. */
export const STOCK_LABELS: Record<'products' | 'inventory', Record<StockFilter, string>> = {
  products: { in: 'In Stock', out: 'Out of Stock' },
  inventory: { in: 'in', out: 'out' },
};

export const SORT_LABELS: Record<ProductSort, string> = { name: 'Name', price: 'Price', stock: 'Stock' };
export type SortDirection = 'asc' | 'desc';
export interface ProductSortState {
  key: ProductSort;
  direction: SortDirection;
}
export const DEFAULT_SORT: ProductSortState = { key: 'name', direction: 'asc' };

/** The filter bar's choices, built once per product list. */
export interface FilterOptions {
  brands: MultiselectProps.Option[];
  types: MultiselectProps.Option[];
  genetics: MultiselectProps.Option[];
  extractTypes: MultiselectProps.Option[];
  weights: MultiselectProps.Option[];
  stock: MultiselectProps.Option[];
}

const byLabel = (a: MultiselectProps.Option, b: MultiselectProps.Option) =>
  (a.label ?? '').localeCompare(b.label ?? '', 'en-US');

export function filterOptionsFor(products: readonly Product[]): FilterOptions {
  const brands = new Map<string, string>();
  const types = new Map<string, string>();
  const extracts = new Map<string, string>();
  const weights = new Set<number>();
  for (const p of products) {
    brands.set(p.brandID, p.brand.name);
    types.set(p.typeID, p.type.name);
    if (p.extractTypeID) extracts.set(p.extractTypeID, p.extractType?.name ?? p.extractTypeID);
    if (p.weight !== undefined) weights.add(p.weight);
  }
  const options = (map: Map<string, string>) => [...map].map(([value, label]) => ({ value, label })).sort(byLabel);
  return {
    brands: options(brands),
    types: options(types),
    genetics: GENETICS_OPTIONS,
    extractTypes: options(extracts),
    weights: [...weights].sort((a, b) => a - b).map((w) => ({ value: String(w), label: `${formatWeight(w)} g` })),
    stock: (['in', 'out'] as const).map((s) => ({ value: s, label: STOCK_LABELS.products[s] })),
  };
}

/** Filter fields in display order, with their labels (bar, Save Custom Filter dialog). */
export const FILTER_FIELDS = [
  { key: 'brands', label: 'Brand' },
  { key: 'types', label: 'Type' },
  { key: 'genetics', label: 'Genetics' },
  { key: 'extractTypes', label: 'Extract type' },
  { key: 'weights', label: 'Weight' },
  { key: 'stock', label: 'Stock' },
] as const satisfies ReadonlyArray<{ key: keyof ProductFilters; label: string }>;
export type FilterField = (typeof FILTER_FIELDS)[number]['key'];

/** Names for ids (brand, type, extract type) so a saved filter reads well: id → name. */
export type FilterLabels = Partial<Record<'brands' | 'types' | 'extractTypes', Record<string, string>>>;

export const labelsFromOptions = (options: FilterOptions): FilterLabels => {
  const map = (list: MultiselectProps.Option[]) => Object.fromEntries(list.map((o) => [o.value, o.label ?? o.value]));
  return { brands: map(options.brands), types: map(options.types), extractTypes: map(options.extractTypes) };
};

/** The chosen values of one filter field as text, e.g. `Acme, Bolt` or `In Stock`. */
export function describeFilterValues(
  filters: ProductFilters,
  field: FilterField,
  variant: 'products' | 'inventory',
  labels: FilterLabels = {},
): string {
  switch (field) {
    case 'genetics':
      return filters.genetics.map((g) => GENETICS_LABELS[g]).join(', ');
    case 'weights':
      return filters.weights.map((w) => `${formatWeight(w)} g`).join(', ');
    case 'stock':
      return filters.stock.map((s) => STOCK_LABELS[variant][s]).join(', ');
    default:
      return filters[field].map((id) => labels[field]?.[id] ?? id).join(', ');
  }
}

/**
 * Keyboard shortcuts of the filter bar (spec section 2, "Panels and bars"). Shift+1..3 choose the sort
 * (pressing the current one again flips the direction), Shift+4 flips the direction, Shift+5 clears the
 * filters. In the search box: Alt+1..9 highlight the Nth result on the page, Up/Down move the highlight,
 * Enter opens the highlighted product (the first result when none is highlighted).
 */
export const SHIFT_ACTIONS = ['sort-name', 'sort-price', 'sort-stock', 'flip-direction', 'clear-filters'] as const;
export type ShiftAction = (typeof SHIFT_ACTIONS)[number];

export const SHORTCUTS: ReadonlyArray<{ keys: string; action: string }> = [
  { keys: 'Shift+1', action: 'Sort by name (again: flip direction)' },
  { keys: 'Shift+2', action: 'Sort by price (again: flip direction)' },
  { keys: 'Shift+3', action: 'Sort by stock (again: flip direction)' },
  { keys: 'Shift+4', action: 'Flip ascending / descending' },
  { keys: 'Shift+5', action: 'Clear filters (back to in stock only)' },
  { keys: 'Alt+1 … Alt+9', action: 'In the search: highlight the Nth result' },
  { keys: 'Up / Down', action: 'In the search: move the highlight' },
  { keys: 'Enter', action: 'In the search: open the highlighted product' },
];

/** The digit 1-9 of a key event (from `code`, which Alt and Shift do not change; `key` as a fallback). */
export function digitOf(event: { code?: string; key: string }): number | null {
  const match = /^(?:Digit|Numpad)([1-9])$/.exec(event.code ?? '') ?? /^([1-9])$/.exec(event.key);
  return match ? Number(match[1]) : null;
}
