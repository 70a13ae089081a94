import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { SelectProps } from '@cloudscape-design/components/select';
import { COMM_PREFS, CUSTOMER_TYPES, ORDER_TYPES, type Customer } from '@bo/shared';
import { CUSTOMER_LABELS } from '../../format/labels';
import { formatMoney } from '../../format/money';

/** The customers table: columns, filters, preferences and texts (spec sections 2, 3 and 8). */

export type CustomerColumnId =
  'customerName' | 'type' | 'contact' | 'commpref' | 'accountOwner' | 'creditAvailable' | 'customPricingCount';

export interface CustomerColumn {
  id: CustomerColumnId;
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

// The visible ones fit a 1280 px screen with the side navigation open (the table gets about 950 px).
export const CUSTOMER_COLUMNS: readonly CustomerColumn[] = [
  { id: 'customerName', header: 'Name', sortingField: 'customerName', width: 200, minWidth: 150, visible: true },
  { id: 'type', header: 'Type', sortingField: 'type', width: 110, visible: true },
  { id: 'contact', header: 'Contact', sortingField: 'contactName', width: 250, visible: true },
  { id: 'accountOwner', header: 'Account owner', sortingField: 'accountOwnerName', width: 165, visible: true },
  { id: 'customPricingCount', header: 'Custom prices', sortingField: 'customPricingCount', width: 150, visible: true },
  {
    id: 'commpref',
    header: 'Contact by',
    label: 'Preferred contact',
    sortingField: 'commpref',
    width: 140,
    visible: false,
  },
  { id: 'creditAvailable', header: 'Credit', sortingField: 'creditAvailable', width: 110, visible: false },
];

/** A row: the customer with its account owner's name resolved (for sorting and filtering). */
export type CustomerRow = Customer & { accountOwnerName: string };

export const LABELS = CUSTOMER_LABELS;

export const TYPE_OPTIONS: SelectProps.Option[] = CUSTOMER_TYPES.map((t) => ({ value: t, label: LABELS.type[t] }));
export const COMMPREF_OPTIONS: SelectProps.Option[] = COMM_PREFS.map((c) => ({ value: c, label: LABELS.commpref[c] }));
export const ORDER_TYPE_OPTIONS: SelectProps.Option[] = ORDER_TYPES.map((o) => ({
  value: o,
  label: LABELS.orderType[o],
}));

/** The table's select filters: '' is "any". */
export interface CustomerFilters {
  type: string;
  commpref: string;
  accountOwnerID: string;
}
export const NO_FILTERS: CustomerFilters = { type: '', commpref: '', accountOwnerID: '' };
/** The account-owner filter's value for customers without one. */
export const NO_OWNER = '-none-';

export const anyOption = (label: string): SelectProps.Option => ({ value: '', label });

/** Text search over name, contact, email, phone, telegram, address and owner; then the select filters. */
export function matchesCustomer(row: CustomerRow, text: string, filters: CustomerFilters): boolean {
  if (filters.type && row.type !== filters.type) return false;
  if (filters.commpref && row.commpref !== filters.commpref) return false;
  if (filters.accountOwnerID) {
    if (filters.accountOwnerID === NO_OWNER ? row.accountOwnerID : row.accountOwnerID !== filters.accountOwnerID)
      return false;
  }
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [
    row.customerName,
    row.contactName,
    row.contactEmail,
    row.contactPhone,
    row.contactTelegram,
    row.address,
    row.accountOwnerName,
  ].some((v) => (v ?? '').toLowerCase().includes(needle));
}

export const usd = formatMoney;

export const PAGE_SIZE_OPTIONS: CollectionPreferencesProps.PageSizeOption[] = [
  { value: 10, label: '10 customers' },
  { value: 25, label: '25 customers' },
  { value: 50, label: '50 customers' },
  { value: 100, label: '100 customers' },
];

export const DEFAULT_PAGE_SIZE = 25;

export const DEFAULT_PREFERENCES: CollectionPreferencesProps.Preferences = {
  pageSize: DEFAULT_PAGE_SIZE,
  // A long name wraps instead of being cut.
  wrapLines: true,
  stripedRows: false,
  contentDensity: 'comfortable',
  contentDisplay: CUSTOMER_COLUMNS.map((c) => ({ id: c.id, visible: c.visible })),
};

export const contentDisplayOptions: CollectionPreferencesProps.ContentDisplayOption[] = CUSTOMER_COLUMNS.map((c) => ({
  id: c.id,
  label: c.label ?? c.header,
  alwaysVisible: c.id === 'customerName',
}));

/** Versioned: preferences saved with the earlier columns (every one shown) are not reused. */
export const PREFERENCES_STORAGE_KEY = 'bo.customers.table.preferences.v2';

/** The spec's texts (sections 2, 5 and 8) and ours beside them. */
export const CUSTOMERS_TEXT = {
  loading: 'Loading customers',
  error: 'Error fetching customers',
  empty: 'No customers',
  emptyDescription: 'There are no customers yet.',
  filterPlaceholder: 'Find customers',
  addTitle: 'Add New Customer',
  editTitle: 'Edit Customer',
  nameRequired: 'Customer name is required',
  usersError: 'Error loading users',
  accessCodeRefreshed: 'Access code refreshed!',
  accessCodeError: 'Error refreshing access code',
  creditLimitHint:
    'Empty for no limit. A submitted order that takes what the customer owes over it goes on credit hold.',
  paymentTermsHint: 'Days an invoice may stay unpaid before new orders go on credit hold.',
} as const;
