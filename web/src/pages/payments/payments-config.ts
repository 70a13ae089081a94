import type { PropertyFilterProperty, PropertyFilterQuery } from '@cloudscape-design/collection-hooks';
import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import type { PropertyFilterProps } from '@cloudscape-design/components/property-filter';
import { PAYMENT_METHODS, type Payment, type PaymentListQuery } from '@bo/shared';
import { joinLabels, PAYMENT_METHOD_LABELS } from '../../format/labels';
import { calendarDay, type DateInterval } from '../../format/date-ranges';

/** The Payments page: rows, columns, filters, the server query, preferences and texts. */

// ---- Rows and columns ----------------------------------------------------------------------------------

/** Spec section 9: Cash, Check, Card. */

/** A row: the payment with the order numbers it paid flattened, so the filter can match them. */
export type PaymentRow = Payment & { orderNums: string };

export const toPaymentRow = (payment: Payment): PaymentRow => ({
  ...payment,
  orderNums: payment.appliedPayments.map((a) => a.orderNum).join(', '),
});

export type PaymentColumnId =
  | 'paymentDate'
  | 'customerName'
  | 'paymentMethod'
  | 'amount'
  | 'orders'
  | 'customerCreditDeducted'
  | 'customerCreditAdded'
  | 'notes'
  | 'actions';

export interface PaymentColumn {
  id: PaymentColumnId;
  header: string;
  label?: string;
  sortingField?: keyof PaymentRow;
  width: number;
  /** Only for roles that may edit payments. */
  editOnly?: boolean;
  visible: boolean;
}

// The columns shown by default fit the table's ~950 px at 1280 px (side navigation open), so no column scrolls
// under the sticky date or the Edit button, and no header or amount is broken mid-word ('Met/hod', '$3,900./00').
// Method and Credit used are hidden by default to make that room: the method stays in the filter ('Method =
// Check') and both show in the payment's dialog; Preferences turns them on (the table then scrolls sideways
// between the sticky columns). Notes and the applied orders wrap onto more lines.
export const PAYMENT_COLUMNS: readonly PaymentColumn[] = [
  { id: 'paymentDate', header: 'Date', label: 'Payment date', sortingField: 'paymentDate', width: 115, visible: true },
  { id: 'customerName', header: 'Customer', sortingField: 'customerName', width: 160, visible: true },
  { id: 'paymentMethod', header: 'Method', sortingField: 'paymentMethod', width: 105, visible: false },
  { id: 'amount', header: 'Amount', sortingField: 'amount', width: 125, visible: true },
  {
    id: 'orders',
    header: 'Applied to',
    label: 'Applied to orders',
    sortingField: 'orderNums',
    width: 170,
    visible: true,
  },
  {
    id: 'customerCreditDeducted',
    header: 'Credit used',
    sortingField: 'customerCreditDeducted',
    width: 120,
    visible: false,
  },
  {
    id: 'customerCreditAdded',
    header: 'Credit added',
    sortingField: 'customerCreditAdded',
    width: 120,
    visible: true,
  },
  { id: 'notes', header: 'Notes', sortingField: 'notes', width: 150, visible: true },
  { id: 'actions', header: 'Actions', width: 85, editOnly: true, visible: true },
];

export const PAGE_SIZE_OPTIONS: CollectionPreferencesProps.PageSizeOption[] = [
  { value: 25, label: '25 payments' },
  { value: 50, label: '50 payments' },
  { value: 100, label: '100 payments' },
];

export const DEFAULT_PREFERENCES: CollectionPreferencesProps.Preferences = {
  pageSize: 25,
  wrapLines: true,
  stripedRows: false,
  contentDensity: 'comfortable',
  contentDisplay: PAYMENT_COLUMNS.map((c) => ({ id: c.id, visible: c.visible })),
};

export const contentDisplayOptionsFor = (canEdit: boolean): CollectionPreferencesProps.ContentDisplayOption[] =>
  PAYMENT_COLUMNS.filter((c) => canEdit || !c.editOnly).map((c) => ({
    id: c.id,
    label: c.label ?? c.header,
    alwaysVisible: c.id === 'paymentDate',
  }));

export const PREFERENCES_STORAGE_KEY = 'bo.payments.table.preferences.v1';

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
    key: 'paymentMethod',
    propertyLabel: 'Method',
    groupValuesLabel: 'Methods',
    operators: (['=', '!='] as const).map((operator) => ({
      operator,
      tokenType: 'enum' as const,
      format: joinLabels(PAYMENT_METHOD_LABELS),
    })),
  },
  {
    key: 'orderNums',
    propertyLabel: 'Order number',
    groupValuesLabel: 'Order numbers',
    operators: [':', '!:'],
    defaultOperator: ':',
  },
  { key: 'notes', propertyLabel: 'Notes', groupValuesLabel: 'Notes', operators: [':', '!:'], defaultOperator: ':' },
];

/** Suggestions: the customers and order numbers of the rows loaded, and every method. */
export function filteringOptionsFor(rows: readonly PaymentRow[]): PropertyFilterProps.FilteringOption[] {
  const customers = new Set(rows.map((r) => r.customerName));
  const orders = new Set(rows.flatMap((r) => r.appliedPayments.map((a) => a.orderNum)));
  return [
    ...[...customers]
      .sort((a, b) => a.localeCompare(b, 'en-US'))
      .map((value) => ({ propertyKey: 'customerName', value })),
    ...PAYMENT_METHODS.map((m) => ({ propertyKey: 'paymentMethod', value: m, label: PAYMENT_METHOD_LABELS[m] })),
    ...[...orders].map((value) => ({ propertyKey: 'orderNums', value })),
  ];
}

export const EMPTY_QUERY: PropertyFilterQuery = { tokens: [], operation: 'and' };

/** The filter with one more token "Customer = name" (a click on a customer's name). */
export const withCustomerToken = (query: PropertyFilterQuery, customerName: string): PropertyFilterQuery =>
  query.tokens.some((t) => t.propertyKey === 'customerName' && t.operator === '=' && t.value === customerName)
    ? query
    : {
        ...query,
        operation: 'and',
        tokens: [
          ...query.tokens.filter((t) => !(t.propertyKey === 'customerName' && t.operator === '=')),
          { propertyKey: 'customerName', operator: '=', value: customerName },
        ],
      };

/** The one value a query pins a property to with `=`, when the tokens are joined by "and"; else undefined. */
function pinnedValue(query: PropertyFilterQuery, key: string): string | undefined {
  if (query.operation !== 'and' || query.tokenGroups?.length) return undefined;
  const pins = query.tokens.filter((t) => t.propertyKey === key && t.operator === '=');
  const values = pins.flatMap((t) => (Array.isArray(t.value) ? (t.value as unknown[]) : [t.value]));
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : undefined;
}

/** An instant as the calendar day it is in the browser's time zone, YYYY-MM-DD. */
export const localDay = (iso: string): string => calendarDay(new Date(iso));

/**
 * What `payments.getAll` is asked: the payment days of the range (in the user's calendar), and the customer
 * when the filter pins exactly one known customer (the server then reads that customer's payments only).
 * Every token still filters in the browser, so the rows shown are the same either way.
 */
export function listQueryFor(
  interval: DateInterval,
  query: PropertyFilterQuery,
  customerIds: ReadonlyMap<string, string>,
): PaymentListQuery {
  const name = pinnedValue(query, 'customerName');
  const customerId = name === undefined ? undefined : customerIds.get(name);
  return { from: localDay(interval.from), to: localDay(interval.to), ...(customerId ? { customerId } : {}) };
}

// ---- Date range ----------------------------------------------------------------------------------------

export const DEFAULT_RANGE: DateRangePickerProps.RelativeValue = {
  type: 'relative',
  key: 'last-30-days',
  amount: 30,
  unit: 'day',
};

// ---- Texts ---------------------------------------------------------------------------------------------

export const PAYMENTS_TEXT = {
  loading: 'Loading payments',
  error: 'Error loading payments',
  empty: 'No payments found',
  emptyDescription: 'No payments were made in this date range.',
  filterPlaceholder: 'Find payments by customer, method, order number or notes',
} as const;
