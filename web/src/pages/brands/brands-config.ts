import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { Brand } from '@bo/shared';

export type BrandRow = Brand & { count: number };

export type BrandColumnId =
  'image' | 'name' | 'skucode' | 'rep' | 'website' | 'count' | 'excludeFromReporting' | 'inOverview';

export interface BrandColumn {
  id: BrandColumnId;
  header: string;
  /** The name in Preferences when the header is shortened. */
  label?: string;
  sortingField?: string;
  /** Wide enough for the header, its sort arrow and the resize handle: headers are never cut. */
  width: number;
  minWidth?: number;
  /** Shown until the user chooses otherwise in Preferences. */
  visible: boolean;
}

// The visible ones fit a 1280 px screen with the side navigation open (about 910 px inside the container).
export const BRAND_COLUMNS: readonly BrandColumn[] = [
  { id: 'image', header: 'Image', width: 90, visible: false },
  { id: 'name', header: 'Name', sortingField: 'name', width: 190, minWidth: 140, visible: true },
  { id: 'skucode', header: 'SKU code', sortingField: 'skucode', width: 125, visible: true },
  { id: 'rep', header: 'Rep', label: 'Rep contact', sortingField: 'brandRepName', width: 260, visible: true },
  { id: 'website', header: 'Website', sortingField: 'website', width: 200, visible: false },
  { id: 'count', header: 'Products', sortingField: 'count', width: 120, visible: true },
  {
    id: 'excludeFromReporting',
    header: 'Reporting',
    label: 'Included in reporting',
    sortingField: 'excludeFromReporting',
    width: 125,
    visible: false,
  },
  { id: 'inOverview', header: 'In overview', sortingField: 'hideInInventoryOverview', width: 140, visible: true },
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
  contentDisplay: BRAND_COLUMNS.map((c) => ({ id: c.id, visible: c.visible })),
};

export const contentDisplayOptions: CollectionPreferencesProps.ContentDisplayOption[] = BRAND_COLUMNS.map((c) => ({
  id: c.id,
  label: c.label ?? c.header,
  alwaysVisible: c.id === 'name',
}));

/** Versioned: preferences saved with the earlier columns (every one shown, rep split in three) are not reused. */
export const PREFERENCES_STORAGE_KEY = 'bo.brands.table.preferences.v2';

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
