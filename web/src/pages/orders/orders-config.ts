import type {
  PropertyFilterProperty,
  PropertyFilterQuery,
  PropertyFilterToken,
} from '@cloudscape-design/collection-hooks';
import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import type { PropertyFilterProps } from '@cloudscape-design/components/property-filter';
import { ORDER_STATUSES, PAYMENT_STATUSES, owedBalance, type OrderSummary } from '@bo/shared';
import { byOrderNum, byOrderStatus, byPaymentStatus, ORDER_ON_HOLD } from '../../components/orders/order-display';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../format/statuses';
import { joinLabels } from '../../format/labels';

/** The Orders page: columns, filters, date range, preferences, saved views, texts. */

// ---- Rows and columns ----------------------------------------------------------------------------------

export type Fulfilment = 'Pickup' | 'Delivery';
/** Whether the order is on credit hold (issue 23), as the table filters on it. */
export type CreditHoldState = 'ON_HOLD' | 'NOT_ON_HOLD';
export const CREDIT_HOLD_LABELS: Record<CreditHoldState, string> = {
  ON_HOLD: ORDER_ON_HOLD,
  NOT_ON_HOLD: 'Not on hold',
};
/** A row: the order summary with the fields the table filters and sorts on flattened. */
export type OrderRow = OrderSummary & {
  customerName: string;
  fulfilment: Fulfilment;
  creditHoldState: CreditHoldState;
};

export const toOrderRow = (order: OrderSummary): OrderRow => ({
  ...order,
  // What it owes, as every screen shows it: a draft, cancelled or refunded order owes nothing.
  balanceDue: owedBalance(order),
  customerName: order.customer.customerName,
  fulfilment: order.pickupOrder ? 'Pickup' : 'Delivery',
  creditHoldState: order.creditHold ? 'ON_HOLD' : 'NOT_ON_HOLD',
});

export type OrderColumnId =
  | 'orderNum'
  | 'customerName'
  | 'orderStatus'
  | 'paymentStatus'
  | 'createdAt'
  | 'deliveryDate'
  | 'fulfilment'
  | 'unitQuantity'
  | 'subtotal'
  | 'total'
  | 'balanceDue'
  | 'cost';

export interface OrderColumn {
  id: OrderColumnId;
  header: string;
  sortingField?: keyof OrderRow;
  sortingComparator?: (a: OrderRow, b: OrderRow) => number;
  /** The name in Preferences when the header is shortened. */
  label?: string;
  /** Wide enough for the header, its sort arrow and the resize handle: headers are never cut. */
  width: number;
  minWidth?: number;
  /** Only for roles that see costs (`canSeeCosts`), and only when the API sent them. */
  costOnly?: boolean;
  /** Shown until the user chooses otherwise in Preferences. */
  visible: boolean;
}

// The visible ones fit a 1280 px screen with the side navigation open (the table gets about 950 px).
export const ORDER_COLUMNS: readonly OrderColumn[] = [
  {
    id: 'orderNum',
    header: 'Order #',
    sortingField: 'orderNum',
    sortingComparator: byOrderNum,
    width: 130,
    visible: true,
  },
  { id: 'customerName', header: 'Customer', sortingField: 'customerName', width: 170, minWidth: 120, visible: true },
  {
    id: 'orderStatus',
    header: 'Status',
    sortingField: 'orderStatus',
    sortingComparator: byOrderStatus,
    // 'Fulfillment' and 'Completed' whole, with their icon.
    width: 140,
    visible: true,
  },
  {
    id: 'paymentStatus',
    header: 'Payment',
    sortingField: 'paymentStatus',
    sortingComparator: byPaymentStatus,
    width: 120,
    visible: true,
  },
  { id: 'createdAt', header: 'Created', sortingField: 'createdAt', width: 125, visible: true },
  { id: 'deliveryDate', header: 'Delivery date', sortingField: 'deliveryDate', width: 150, visible: true },
  { id: 'total', header: 'Total', sortingField: 'total', width: 110, visible: true },
  { id: 'fulfilment', header: 'Pickup / delivery', sortingField: 'fulfilment', width: 165, visible: false },
  { id: 'unitQuantity', header: 'Units', sortingField: 'unitQuantity', width: 100, visible: false },
  { id: 'subtotal', header: 'Subtotal', sortingField: 'subtotal', width: 120, visible: false },
  { id: 'balanceDue', header: 'Balance due', sortingField: 'balanceDue', width: 140, visible: false },
  { id: 'cost', header: 'Cost', sortingField: 'cost', width: 110, costOnly: true, visible: false },
];

export const PAGE_SIZE_OPTIONS: CollectionPreferencesProps.PageSizeOption[] = [
  { value: 25, label: '25 orders' },
  { value: 50, label: '50 orders' },
  { value: 100, label: '100 orders' },
];

export const DEFAULT_PREFERENCES: CollectionPreferencesProps.Preferences = {
  pageSize: 25,
  // A long customer name wraps instead of being cut.
  wrapLines: true,
  stripedRows: false,
  contentDensity: 'comfortable',
  contentDisplay: ORDER_COLUMNS.map((c) => ({ id: c.id, visible: c.visible })),
};

export const contentDisplayOptionsFor = (showCost: boolean): CollectionPreferencesProps.ContentDisplayOption[] =>
  ORDER_COLUMNS.filter((c) => showCost || !c.costOnly).map((c) => ({
    id: c.id,
    label: c.label ?? c.header,
    alwaysVisible: c.id === 'orderNum',
  }));

/** Versioned: preferences saved when every column was shown by default are not reused. */
export const PREFERENCES_STORAGE_KEY = 'bo.orders.table.preferences.v2';

// ---- Property filter -----------------------------------------------------------------------------------

export const FILTERING_PROPERTIES: PropertyFilterProperty[] = [
  {
    key: 'orderStatus',
    propertyLabel: 'Status',
    groupValuesLabel: 'Status values',
    operators: (['=', '!='] as const).map((operator) => ({
      operator,
      tokenType: 'enum' as const,
      format: joinLabels(ORDER_STATUS_LABELS),
    })),
  },
  {
    key: 'paymentStatus',
    propertyLabel: 'Payment status',
    groupValuesLabel: 'Payment status values',
    operators: (['=', '!='] as const).map((operator) => ({
      operator,
      tokenType: 'enum' as const,
      format: joinLabels(PAYMENT_STATUS_LABELS),
    })),
  },
  {
    key: 'creditHoldState',
    propertyLabel: 'Credit hold',
    groupValuesLabel: 'Credit hold values',
    operators: (['=', '!='] as const).map((operator) => ({
      operator,
      tokenType: 'enum' as const,
      format: joinLabels(CREDIT_HOLD_LABELS),
    })),
  },
  {
    key: 'customerName',
    propertyLabel: 'Customer',
    groupValuesLabel: 'Customers',
    operators: [':', '!:', '=', '!='],
    defaultOperator: ':',
  },
  {
    // An order's brands (a list): `=` one of them is the name, `:` one of them contains the text.
    key: 'brands',
    propertyLabel: 'Brand',
    groupValuesLabel: 'Brands',
    operators: [
      { operator: '=', match: (brands: unknown, value: string) => brandNames(brands).includes(value.toLowerCase()) },
      { operator: '!=', match: (brands: unknown, value: string) => !brandNames(brands).includes(value.toLowerCase()) },
      {
        operator: ':',
        match: (brands: unknown, value: string) => brandNames(brands).some((b) => b.includes(value.toLowerCase())),
      },
    ],
    defaultOperator: '=',
  },
  {
    key: 'orderNum',
    propertyLabel: 'Order number',
    groupValuesLabel: 'Order numbers',
    operators: ['=', ':', '^'],
    defaultOperator: '=',
  },
  {
    key: 'fulfilment',
    propertyLabel: 'Pickup / delivery',
    groupValuesLabel: 'Pickup / delivery values',
    operators: ['=', '!='],
  },
];

/** An order row's brand names, lower case, for matching (none on orders saved before brands were kept). */
const brandNames = (brands: unknown): string[] =>
  Array.isArray(brands) ? brands.map((b) => String(b).toLowerCase()) : [];

/** The suggestions of the property filter: every status, and the customers and numbers in the list. */
export function filteringOptionsFor(rows: readonly OrderRow[]): PropertyFilterProps.FilteringOption[] {
  const customers = new Set(rows.map((r) => r.customerName));
  const brands = new Set(rows.flatMap((r) => r.brands ?? []));
  return [
    ...ORDER_STATUSES.map((s) => ({ propertyKey: 'orderStatus', value: s, label: ORDER_STATUS_LABELS[s] })),
    ...PAYMENT_STATUSES.map((s) => ({ propertyKey: 'paymentStatus', value: s, label: PAYMENT_STATUS_LABELS[s] })),
    ...(Object.keys(CREDIT_HOLD_LABELS) as CreditHoldState[]).map((s) => ({
      propertyKey: 'creditHoldState',
      value: s,
      label: CREDIT_HOLD_LABELS[s],
    })),
    ...[...customers]
      .sort((a, b) => a.localeCompare(b, 'en-US'))
      .map((value) => ({ propertyKey: 'customerName', value })),
    ...[...brands].sort((a, b) => a.localeCompare(b, 'en-US')).map((value) => ({ propertyKey: 'brands', value })),
    ...rows.map((r) => ({ propertyKey: 'orderNum', value: r.orderNum })),
    { propertyKey: 'fulfilment', value: 'Pickup' },
    { propertyKey: 'fulfilment', value: 'Delivery' },
  ];
}

export const EMPTY_QUERY: PropertyFilterQuery = { tokens: [], operation: 'and' };

/**
 * What a link to the Orders page may set (the Sales report's rows): its date range (`from`, `to`, days) and
 * filters on the customer's name and a brand, each matched whole. Anything missing or unreadable is left as the
 * page opens by default.
 */
export function initialStateFromParams(params: URLSearchParams): {
  range?: DateRangePickerProps.AbsoluteValue;
  query?: PropertyFilterQuery;
} {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range: DateRangePickerProps.AbsoluteValue | undefined =
    day.test(from) && day.test(to) && from <= to ? { type: 'absolute', startDate: from, endDate: to } : undefined;
  const tokens: PropertyFilterToken[] = [];
  const customerName = params.get('customerName');
  if (customerName) tokens.push({ propertyKey: 'customerName', operator: '=', value: customerName });
  const brand = params.get('brand');
  if (brand) tokens.push({ propertyKey: 'brands', operator: '=', value: brand });
  return { range, query: tokens.length ? { tokens, operation: 'and' } : undefined };
}

// ---- Date range ----------------------------------------------------------------------------------------

export const DEFAULT_RANGE: DateRangePickerProps.RelativeValue = {
  type: 'relative',
  key: 'last-30-days',
  amount: 30,
  unit: 'day',
};

// ---- Saved views ---------------------------------------------------------------------------------------

/**
 * A named view of the Orders page: its property-filter query and date range. The server's saved filters
 * (`preferences.saveFilter`) hold product filters only (their schema is the product filter), so order views
 * are kept in this browser's local storage, per user.
 */
export interface OrderView {
  name: string;
  query: PropertyFilterQuery;
  range: DateRangePickerProps.Value | null;
}
/** Wrapped in an object: `useLocalStorage` merges stored state into its initial object. */
export interface OrderViews {
  views: OrderView[];
}
export const NO_VIEWS: OrderViews = { views: [] };
export const viewsStorageKey = (userId: string): string => `bo.orders.views.${userId}`;

/** Adds or replaces (same name, any case) a view; sorted by name. */
export function upsertView(views: readonly OrderView[], view: OrderView): OrderView[] {
  const key = view.name.trim().toLowerCase();
  return [...views.filter((v) => v.name.trim().toLowerCase() !== key), { ...view, name: view.name.trim() }].sort(
    (a, b) => a.name.localeCompare(b.name, 'en-US'),
  );
}

// ---- Texts ---------------------------------------------------------------------------------------------

export const ORDERS_TEXT = {
  loading: 'Loading orders',
  error: 'Error loading orders',
  empty: 'No orders found',
  emptyDescription: 'No orders were created in this date range.',
  filterPlaceholder: 'Find orders by status, payment, customer or number',
} as const;
