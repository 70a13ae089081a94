import type { PropertyFilterProperty, PropertyFilterQuery } from '@cloudscape-design/collection-hooks';
import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import type { PropertyFilterProps } from '@cloudscape-design/components/property-filter';
import {
  PURCHASE_ORDER_STATUSES,
  PURCHASE_PAYMENT_STATUSES,
  type PurchaseOrderListQuery,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
} from '@bo/shared';
import { PAYMENT_STATUS_LABELS } from '../../format/statuses';
import { joinLabels } from '../../format/labels';
import type { DateInterval } from '../../format/date-ranges';
import { PURCHASE_STATUS_LABELS } from './purchase-statuses';

/** The Purchase Orders page: rows, columns, filters, the server query, preferences and texts. */

// ---- Rows and columns ----------------------------------------------------------------------------------

/** A row: the summary with the brand's name resolved (the API's `brand`, else the brands list, else the id). */
export type PurchaseOrderRow = PurchaseOrderSummary & { brandName: string };

export const toPurchaseOrderRow = (
  order: PurchaseOrderSummary,
  brandNames: ReadonlyMap<string, string>,
): PurchaseOrderRow => ({
  ...order,
  brandName: order.brand ?? brandNames.get(order.brandID) ?? order.brandID,
});

export type PurchaseOrderColumnId =
  | 'purchaseOrderNum'
  | 'brandName'
  | 'orderPlacedOn'
  | 'expectedDeliveryOn'
  | 'orderStatus'
  | 'paymentStatus'
  | 'unitQuantity'
  | 'lines'
  | 'total';

export interface PurchaseOrderColumn {
  id: PurchaseOrderColumnId;
  header: string;
  label?: string;
  sortingField?: keyof PurchaseOrderRow;
  sortingComparator?: (a: PurchaseOrderRow, b: PurchaseOrderRow) => number;
  width: number;
  /** Only for roles that may see costs, and only when the API sent them. */
  costOnly?: boolean;
  visible: boolean;
}

/** Numbers such as `PO-1002` sort by their digits, not as text. */
export const byPurchaseOrderNum = (a: { purchaseOrderNum: string }, b: { purchaseOrderNum: string }): number =>
  a.purchaseOrderNum.localeCompare(b.purchaseOrderNum, 'en-US', { numeric: true });
const byStatus = (a: PurchaseOrderRow, b: PurchaseOrderRow): number =>
  PURCHASE_ORDER_STATUSES.indexOf(a.orderStatus) - PURCHASE_ORDER_STATUSES.indexOf(b.orderStatus);
const byPaymentStatus = (a: PurchaseOrderRow, b: PurchaseOrderRow): number =>
  PURCHASE_PAYMENT_STATUSES.indexOf(a.paymentStatus) - PURCHASE_PAYMENT_STATUSES.indexOf(b.paymentStatus);
/** Unstocked lines first: they are the ones still to arrive. */
const byStockedShare = (a: PurchaseOrderRow, b: PurchaseOrderRow): number =>
  a.stockedLineCount / Math.max(1, a.lineCount) - b.stockedLineCount / Math.max(1, b.lineCount) ||
  a.lineCount - b.lineCount;

// The default ones fit a 1280 px screen with the side navigation open (the table gets about 950 px), each
// wide enough for its header, sort arrow and resize handle.
export const PURCHASE_ORDER_COLUMNS: readonly PurchaseOrderColumn[] = [
  {
    id: 'purchaseOrderNum',
    header: 'PO #',
    label: 'Purchase order number',
    sortingField: 'purchaseOrderNum',
    sortingComparator: byPurchaseOrderNum,
    width: 100,
    visible: true,
  },
  { id: 'brandName', header: 'Brand', sortingField: 'brandName', width: 140, visible: true },
  { id: 'orderPlacedOn', header: 'Placed on', sortingField: 'orderPlacedOn', width: 125, visible: true },
  {
    id: 'expectedDeliveryOn',
    header: 'Expected',
    label: 'Expected delivery',
    sortingField: 'expectedDeliveryOn',
    width: 125,
    visible: true,
  },
  {
    id: 'orderStatus',
    header: 'Status',
    sortingField: 'orderStatus',
    sortingComparator: byStatus,
    width: 120,
    visible: true,
  },
  {
    id: 'paymentStatus',
    header: 'Payment',
    sortingField: 'paymentStatus',
    sortingComparator: byPaymentStatus,
    width: 120,
    visible: false,
  },
  { id: 'unitQuantity', header: 'Units', sortingField: 'unitQuantity', width: 100, visible: true },
  {
    id: 'lines',
    header: 'Stocked',
    label: 'Lines stocked',
    sortingField: 'stockedLineCount',
    sortingComparator: byStockedShare,
    width: 115,
    visible: true,
  },
  { id: 'total', header: 'Total', sortingField: 'total', width: 110, costOnly: true, visible: true },
];

export const PAGE_SIZE_OPTIONS: CollectionPreferencesProps.PageSizeOption[] = [
  { value: 25, label: '25 purchase orders' },
  { value: 50, label: '50 purchase orders' },
  { value: 100, label: '100 purchase orders' },
];

export const DEFAULT_PREFERENCES: CollectionPreferencesProps.Preferences = {
  pageSize: 25,
  wrapLines: true,
  stripedRows: false,
  contentDensity: 'comfortable',
  contentDisplay: PURCHASE_ORDER_COLUMNS.map((c) => ({ id: c.id, visible: c.visible })),
};

export const contentDisplayOptionsFor = (showCost: boolean): CollectionPreferencesProps.ContentDisplayOption[] =>
  PURCHASE_ORDER_COLUMNS.filter((c) => showCost || !c.costOnly).map((c) => ({
    id: c.id,
    label: c.label ?? c.header,
    alwaysVisible: c.id === 'purchaseOrderNum',
  }));

export const PREFERENCES_STORAGE_KEY = 'bo.purchases.table.preferences.v1';

// ---- Property filter -----------------------------------------------------------------------------------

export const FILTERING_PROPERTIES: PropertyFilterProperty[] = [
  {
    key: 'brandName',
    propertyLabel: 'Brand',
    groupValuesLabel: 'Brands',
    operators: ['=', '!=', ':'],
    defaultOperator: '=',
  },
  {
    key: 'orderStatus',
    propertyLabel: 'Status',
    groupValuesLabel: 'Status values',
    operators: (['=', '!='] as const).map((operator) => ({
      operator,
      tokenType: 'enum' as const,
      format: joinLabels(PURCHASE_STATUS_LABELS),
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
    key: 'purchaseOrderNum',
    propertyLabel: 'PO number',
    groupValuesLabel: 'PO numbers',
    operators: ['=', ':', '^'],
    defaultOperator: '=',
  },
];

/** Suggestions: every brand (from the brands list, so a brand with no order in range is offered too) and status. */
export function filteringOptionsFor(
  brandNames: readonly string[],
  rows: readonly PurchaseOrderRow[],
): PropertyFilterProps.FilteringOption[] {
  const brands = new Set([...brandNames, ...rows.map((r) => r.brandName)]);
  return [
    ...[...brands].sort((a, b) => a.localeCompare(b, 'en-US')).map((value) => ({ propertyKey: 'brandName', value })),
    ...PURCHASE_ORDER_STATUSES.map((s) => ({ propertyKey: 'orderStatus', value: s, label: PURCHASE_STATUS_LABELS[s] })),
    ...PURCHASE_PAYMENT_STATUSES.map((s) => ({
      propertyKey: 'paymentStatus',
      value: s,
      label: PAYMENT_STATUS_LABELS[s],
    })),
    ...rows.map((r) => ({ propertyKey: 'purchaseOrderNum', value: r.purchaseOrderNum })),
  ];
}

export const EMPTY_QUERY: PropertyFilterQuery = { tokens: [], operation: 'and' };

/** The one value a query pins a property to with `=`, when the tokens are joined by "and"; else undefined. */
function pinnedValue(query: PropertyFilterQuery, key: string): string | undefined {
  if (query.operation !== 'and' || query.tokenGroups?.length) return undefined;
  const pins = query.tokens.filter((t) => t.propertyKey === key && t.operator === '=');
  const values = pins.flatMap((t) => (Array.isArray(t.value) ? (t.value as unknown[]) : [t.value]));
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : undefined;
}

/**
 * What `purchases.getAll` is asked: the placed-on range, and the brand and status when the filter pins exactly
 * one (the server then reads that brand's or status's orders only). Every token still filters in the browser,
 * so the rows shown are the same either way.
 */
export function listQueryFor(
  interval: DateInterval,
  query: PropertyFilterQuery,
  brandIds: ReadonlyMap<string, string>,
): PurchaseOrderListQuery {
  const brandName = pinnedValue(query, 'brandName');
  const brandId = brandName === undefined ? undefined : brandIds.get(brandName);
  const status = pinnedValue(query, 'orderStatus');
  return {
    from: interval.from,
    to: interval.to,
    ...(brandId ? { brandId } : {}),
    ...(status && (PURCHASE_ORDER_STATUSES as readonly string[]).includes(status)
      ? { status: status as PurchaseOrderStatus }
      : {}),
  };
}

// ---- Date range ----------------------------------------------------------------------------------------

export const DEFAULT_RANGE: DateRangePickerProps.RelativeValue = {
  type: 'relative',
  key: 'last-90-days',
  amount: 90,
  unit: 'day',
};

// ---- Links and texts -----------------------------------------------------------------------------------

export const PURCHASES_TEXT = {
  loading: 'Loading purchase orders',
  error: 'Error loading purchase orders',
  empty: 'No purchase orders found',
  emptyDescription: 'No purchase orders were placed in this date range.',
  filterPlaceholder: 'Find purchase orders by brand, status, payment or number',
  newOrder: 'New purchase order',
} as const;
