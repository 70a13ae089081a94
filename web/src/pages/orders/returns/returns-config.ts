import type { PropertyFilterProperty, PropertyFilterQuery } from '@cloudscape-design/collection-hooks';
import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import type { PropertyFilterProps } from '@cloudscape-design/components/property-filter';
import { RETURN_SETTLEMENTS, type Return, type ReturnListQuery } from '@bo/shared';
import { returnColumnHeader, type ReturnColumnId } from '../../../components/returns/return-cells';
import { hasRestock, linesSummary, SETTLEMENT_LABELS } from '../../../components/returns/return-display';
import { calendarDay, type DateInterval } from '../../../format/date-ranges';
import { joinLabels } from '../../../format/labels';

/** The Returns page: rows, columns, filters, the server query, preferences and texts. */

// ---- Rows and columns ----------------------------------------------------------------------------------

export type RestockState = 'AWAITING' | 'CONFIRMED' | 'NONE';

export const RESTOCK_STATE_LABELS: Record<RestockState, string> = {
  AWAITING: 'Not confirmed',
  CONFIRMED: 'Confirmed',
  NONE: 'Nothing to restock',
};

/** A row: the return with what the filter and sorting read flattened beside it. */
export type ReturnRow = Return & { products: string; restockState: RestockState };

export const toReturnRow = (r: Return): ReturnRow => ({
  ...r,
  products: linesSummary(r),
  restockState: !hasRestock(r) ? 'NONE' : r.restockConfirmed ? 'CONFIRMED' : 'AWAITING',
});

export type ReturnPageColumnId = Extract<
  ReturnColumnId,
  'creditNoteDated' | 'orderNum' | 'customerName' | 'units' | 'lines' | 'amountSettled' | 'restock'
>;

export interface ReturnPageColumn {
  id: ReturnPageColumnId;
  sortingField?: keyof ReturnRow;
  width: number;
  visible: boolean;
}

// The columns shown by default fit the table's ~950 px at 1280 px (side navigation open): the credit note holds
// its date and PDF, the credit its amount, where it went and how it was settled. The products wrap; they are
// hidden by default (Preferences shows them; the filter finds them either way).
export const RETURN_PAGE_COLUMNS: readonly ReturnPageColumn[] = [
  { id: 'creditNoteDated', sortingField: 'createdAt', width: 140, visible: true },
  { id: 'orderNum', sortingField: 'orderNum', width: 100, visible: true },
  { id: 'customerName', sortingField: 'customerName', width: 160, visible: true },
  { id: 'units', sortingField: 'units', width: 112, visible: true },
  { id: 'lines', sortingField: 'products', width: 240, visible: false },
  { id: 'amountSettled', sortingField: 'amount', width: 210, visible: true },
  { id: 'restock', sortingField: 'restockState', width: 208, visible: true },
];

export const PAGE_SIZE_OPTIONS: CollectionPreferencesProps.PageSizeOption[] = [
  { value: 25, label: '25 returns' },
  { value: 50, label: '50 returns' },
  { value: 100, label: '100 returns' },
];

export const DEFAULT_PREFERENCES: CollectionPreferencesProps.Preferences = {
  pageSize: 25,
  wrapLines: true,
  stripedRows: false,
  contentDensity: 'comfortable',
  contentDisplay: RETURN_PAGE_COLUMNS.map((c) => ({ id: c.id, visible: c.visible })),
};

/** The columns' names in Preferences: the credit column is the settlement for a reader without money (INVENTORY). */
export const contentDisplayOptionsFor = (money: boolean): CollectionPreferencesProps.ContentDisplayOption[] =>
  RETURN_PAGE_COLUMNS.map((c) => ({
    id: c.id,
    label: returnColumnHeader(c.id, money),
    alwaysVisible: c.id === 'creditNoteDated',
  }));

export const PREFERENCES_STORAGE_KEY = 'bo.returns.table.preferences.v1';

// ---- Property filter -----------------------------------------------------------------------------------

export const FILTERING_PROPERTIES: PropertyFilterProperty[] = [
  {
    key: 'customerName',
    propertyLabel: 'Customer',
    groupValuesLabel: 'Customers',
    operators: ['=', '!=', ':'],
    defaultOperator: '=',
  },
  {
    key: 'orderNum',
    propertyLabel: 'Order number',
    groupValuesLabel: 'Order numbers',
    operators: ['=', ':'],
    defaultOperator: '=',
  },
  {
    key: 'creditNoteNum',
    propertyLabel: 'Credit note',
    groupValuesLabel: 'Credit notes',
    operators: ['=', ':'],
    defaultOperator: ':',
  },
  {
    key: 'products',
    propertyLabel: 'Products',
    groupValuesLabel: 'Products',
    operators: [':', '!:'],
    defaultOperator: ':',
  },
  {
    key: 'settlement',
    propertyLabel: 'Settlement',
    groupValuesLabel: 'Settlements',
    operators: (['=', '!='] as const).map((operator) => ({
      operator,
      tokenType: 'enum' as const,
      format: joinLabels(SETTLEMENT_LABELS),
    })),
  },
  {
    key: 'restockState',
    propertyLabel: 'Restock',
    groupValuesLabel: 'Restock states',
    operators: (['=', '!='] as const).map((operator) => ({
      operator,
      tokenType: 'enum' as const,
      format: joinLabels(RESTOCK_STATE_LABELS),
    })),
  },
];

/** Suggestions: the customers, orders and credit notes of the rows loaded, and every settlement and restock state. */
export function filteringOptionsFor(rows: readonly ReturnRow[]): PropertyFilterProps.FilteringOption[] {
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en-US'));
  return [
    ...sorted(rows.map((r) => r.customerName)).map((value) => ({ propertyKey: 'customerName', value })),
    ...sorted(rows.map((r) => r.orderNum)).map((value) => ({ propertyKey: 'orderNum', value })),
    ...sorted(rows.map((r) => r.creditNoteNum)).map((value) => ({ propertyKey: 'creditNoteNum', value })),
    ...RETURN_SETTLEMENTS.map((s) => ({ propertyKey: 'settlement', value: s, label: SETTLEMENT_LABELS[s] })),
    ...(Object.keys(RESTOCK_STATE_LABELS) as RestockState[]).map((s) => ({
      propertyKey: 'restockState',
      value: s,
      label: RESTOCK_STATE_LABELS[s],
    })),
  ];
}

export const EMPTY_QUERY: PropertyFilterQuery = { tokens: [], operation: 'and' };

/** What `returns.getAll` is asked: the days of the range, in the user's calendar. */
export const listQueryFor = (interval: DateInterval): ReturnListQuery => ({
  from: calendarDay(new Date(interval.from)),
  to: calendarDay(new Date(interval.to)),
});

// ---- Date range ----------------------------------------------------------------------------------------

export const DEFAULT_RANGE: DateRangePickerProps.RelativeValue = {
  type: 'relative',
  key: 'last-30-days',
  amount: 30,
  unit: 'day',
};

// ---- Texts ---------------------------------------------------------------------------------------------

export const RETURNS_TEXT = {
  title: 'Returns',
  description: 'Goods that came back from delivered orders in the chosen date range, and their credit notes.',
  loading: 'Loading returns',
  error: 'Error loading returns',
  empty: 'No returns',
  emptyDescription: 'No goods came back in this date range.',
  chooseRange: 'Choose a date range.',
  filterLabel: 'Filter returns',
  filterPlaceholder: 'Find returns by customer, order, credit note, products, settlement or restock',
  rangeLabel: 'Returned between',
} as const;
