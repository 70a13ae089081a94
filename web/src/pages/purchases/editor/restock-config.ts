import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { SortField } from './restock-rows';

/** The restock table of New and Edit Purchase Order: its columns, their widths and which show by default. */

export type RestockColumnId =
  | 'name'
  | 'type'
  | 'genetics'
  | 'extractType'
  | 'weight'
  | 'pending'
  | 'onOrder'
  | 'available'
  | 'quantity'
  | 'resulting';

export interface RestockColumn {
  id: RestockColumnId;
  header: string;
  /** The name in Preferences when the header is shortened. */
  label?: string;
  sortingField: SortField;
  width: number;
  /** Shown until the user chooses otherwise in Preferences. */
  visible: boolean;
}

// The editor's restock table is about 710 px wide in a 1280 px window (the preview takes the rest), and a
// sortable header is never narrower than its longest word and the sort icon. The columns shown by default fit
// it with the selection column, so the stock figures never scroll under the sticky name, quantity box and
// resulting stock. Type, genetics, extract type and weight read under the product's name instead; their own
// columns (to sort by them) can be turned on in Preferences, and the table then scrolls sideways between the
// sticky columns.
export const RESTOCK_COLUMNS: readonly RestockColumn[] = [
  { id: 'name', header: 'Product', sortingField: 'name', width: 160, visible: true },
  { id: 'type', header: 'Type', sortingField: 'type', width: 90, visible: false },
  { id: 'genetics', header: 'Genetics', sortingField: 'genetics', width: 95, visible: false },
  { id: 'extractType', header: 'Extract type', sortingField: 'extractType', width: 110, visible: false },
  { id: 'weight', header: 'Weight', sortingField: 'weight', width: 80, visible: false },
  {
    id: 'pending',
    header: 'Pending',
    label: 'Pending outbound',
    sortingField: 'pending',
    width: 85,
    visible: true,
  },
  { id: 'onOrder', header: 'On order', sortingField: 'onOrder', width: 70, visible: true },
  { id: 'available', header: 'Available stock', sortingField: 'available', width: 80, visible: true },
  { id: 'quantity', header: 'Order quantity', sortingField: 'quantity', width: 105, visible: true },
  { id: 'resulting', header: 'Resulting stock', sortingField: 'resulting', width: 80, visible: true },
];

/** The name, the quantity box and the resulting stock stay in view when extra columns make the table scroll. */
export const RESTOCK_STICKY_COLUMNS = { first: 1, last: 2 } as const;

export const RESTOCK_DEFAULT_PREFERENCES: CollectionPreferencesProps.Preferences = {
  contentDisplay: RESTOCK_COLUMNS.map((c) => ({ id: c.id, visible: c.visible })),
};

export const RESTOCK_DISPLAY_OPTIONS: CollectionPreferencesProps.ContentDisplayOption[] = RESTOCK_COLUMNS.map((c) => ({
  id: c.id,
  label: c.label ?? c.header,
  alwaysVisible: c.id === 'name' || c.id === 'quantity',
}));

export const RESTOCK_PREFERENCES_KEY = 'bo.purchases.restock.preferences.v1';
