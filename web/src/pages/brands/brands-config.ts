import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { Brand } from '@bo/shared';

export type BrandRow = Brand & { count: number };

export type BrandColumnId =
  | 'image'
  | 'name'
  | 'skucode'
  | 'brandRepName'
  | 'brandRepEmail'
  | 'brandRepPhone'
  | 'count'
  | 'excludeFromReporting'
  | 'inOverview';

export interface BrandColumn {
  id: BrandColumnId;
  header: string;
  sortingField?: string;
  width?: number;
  minWidth?: number;
}

export const BRAND_COLUMNS: readonly BrandColumn[] = [
  { id: 'image', header: 'Image', width: 76 },
  { id: 'name', header: 'Name', sortingField: 'name', width: 200, minWidth: 140 },
  { id: 'skucode', header: 'SKU code', sortingField: 'skucode', width: 110 },
  { id: 'brandRepName', header: 'Rep name', sortingField: 'brandRepName', width: 150 },
  { id: 'brandRepEmail', header: 'Rep email', sortingField: 'brandRepEmail', width: 220 },
  { id: 'brandRepPhone', header: 'Rep phone', width: 150 },
  { id: 'count', header: 'Products', sortingField: 'count', width: 110 },
  { id: 'excludeFromReporting', header: 'Excluded from reporting', sortingField: 'excludeFromReporting', width: 130 },
  { id: 'inOverview', header: 'In overview', sortingField: 'hideInInventoryOverview', width: 130 },
];

/** The text filter matches the name, SKU code and the rep's name, email and phone. */
export const filterBrand = (row: BrandRow, text: string): boolean => {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [row.name, row.skucode, row.brandRepName, row.brandRepEmail, row.brandRepPhone].some((v) =>
    (v ?? '').toLowerCase().includes(needle),
  );
};

export const PAGE_SIZE_OPTIONS: CollectionPreferencesProps.PageSizeOption[] = [
  { value: 10, label: '10 brands' },
  { value: 25, label: '25 brands' },
  { value: 50, label: '50 brands' },
  { value: 100, label: '100 brands' },
];

export const DEFAULT_PREFERENCES: CollectionPreferencesProps.Preferences = {
  pageSize: 25,
  wrapLines: false,
  stripedRows: false,
  contentDensity: 'comfortable',
  contentDisplay: BRAND_COLUMNS.map((c) => ({ id: c.id, visible: true })),
};

export const contentDisplayOptions: CollectionPreferencesProps.ContentDisplayOption[] = BRAND_COLUMNS.map((c) => ({
  id: c.id,
  label: c.header,
  alwaysVisible: c.id === 'name',
}));

export const PREFERENCES_STORAGE_KEY = 'bo.brands.table.preferences';

export const BRANDS_TEXT = {
  empty: 'No brands',
  emptyDescription: 'There are no brands yet.',
  loading: 'Loading brands',
  error: 'Failed to load brands.',
  filterPlaceholder: 'Find brands',
} as const;

export const TABS = ['brands', 'types', 'extract-types'] as const;
export type TabId = (typeof TABS)[number];
export const isTab = (value: string | null): value is TabId => (TABS as readonly string[]).includes(value ?? '');
