import {
  MAX_REPORT_POINTS,
  PURCHASE_GROUPS,
  PURCHASE_REPORT_INTERVALS,
  pointCount,
  tooManyPointsMessage,
  type PurchaseFigures,
  type PurchasesReport,
} from '@bo/shared';
import { OTHERS_KEY, oneOf, periodLabel, rangeFromParams, REPORT_BUILD_TEXT, setRangeParams } from './report-common';

/** The Purchasing report (issue 25): its controls as URL search params, texts, rows and columns. */

// ---- Texts ---------------------------------------------------------------------------------------------

export const PURCHASES_REPORT_TEXT = {
  title: 'Purchasing',
  description:
    'Spend, units and purchase orders placed over a range by month or quarter, split by brand or product type, and what is on order now. Drafts and cancelled purchase orders do not count.',
  inventoryDescription:
    'Units and purchase orders placed over a range by month or quarter, split by brand or product type, and what is on order now. Drafts and cancelled purchase orders do not count.',
  loading: 'Loading the purchasing report',
  error: 'The purchasing report could not be loaded',
  empty: 'No purchase orders in this range',
  emptyDescription: 'No purchase orders counted for this range and these choices.',
  download: 'Download .xlsx',
  downloadFailed: 'The spreadsheet could not be built. Try again.',
  spendChart: 'Spend by period',
  unitsChart: 'Units by period',
  tableTitle: 'Figures',
  onOrderTitle: 'On order now',
  onOrderDescription: 'Pending and ordered purchase orders, by brand, whatever the range.',
  onOrderEmpty: 'Nothing on order',
  onOrderEmptyDescription: 'No pending or ordered purchase orders.',
  openPurchases: 'Open purchase orders',
  ...REPORT_BUILD_TEXT,
} as const;

// ---- Controls ------------------------------------------------------------------------------------------

export type PurchaseInterval = (typeof PURCHASE_REPORT_INTERVALS)[number];
export type PurchaseGroup = (typeof PURCHASE_GROUPS)[number];

export const PURCHASE_INTERVAL_LABELS: Readonly<Record<PurchaseInterval, string>> = {
  month: 'Month',
  quarter: 'Quarter',
};

export const PURCHASE_GROUP_LABELS: Readonly<Record<PurchaseGroup, string>> = {
  brand: 'Brand',
  productType: 'Product type',
};

/** The report's controls, as the URL holds them (the API's own parameter names). */
export interface PurchasesControls {
  from: string;
  to: string;
  interval: PurchaseInterval;
  groupBy?: PurchaseGroup;
  /** A brand's id. */
  brand?: string;
}

/** The controls a URL asks for: anything missing or unreadable falls back to the default. */
export function purchasesControlsFromParams(params: URLSearchParams, now = new Date()): PurchasesControls {
  const brand = params.get('brand')?.trim();
  const groupBy = oneOf(PURCHASE_GROUPS, params.get('groupBy'));
  return {
    ...rangeFromParams(params, now),
    interval: oneOf(PURCHASE_REPORT_INTERVALS, params.get('interval')) ?? 'month',
    // One brand split by brand is one row: the filter wins.
    groupBy: brand && groupBy === 'brand' ? undefined : groupBy,
    brand: brand || undefined,
  };
}

/** The URL search params of these controls (defaults left out, so the plain page has a plain address). */
export function paramsFromPurchasesControls(c: PurchasesControls, now = new Date()): URLSearchParams {
  const params = new URLSearchParams();
  setRangeParams(params, c, now);
  if (c.interval !== 'month') params.set('interval', c.interval);
  if (c.groupBy) params.set('groupBy', c.groupBy);
  if (c.brand) params.set('brand', c.brand);
  return params;
}

/** The API query of these controls. */
export function purchasesReportQuery(c: PurchasesControls) {
  return {
    from: c.from,
    to: c.to,
    interval: c.interval,
    ...(c.groupBy ? { groupBy: c.groupBy } : {}),
    ...(c.brand ? { brand: c.brand } : {}),
  };
}

/** Why the API would refuse these controls (checked before asking, with the API's own words); undefined if fine. */
export function purchasesControlsProblem(
  c: PurchasesControls,
): { field: 'range' | 'interval'; message: string } | undefined {
  if (c.from > c.to) return { field: 'range', message: 'The end date must be on or after the start date.' };
  const points = pointCount(c.from, c.to, c.interval);
  if (points > MAX_REPORT_POINTS) return { field: 'interval', message: tooManyPointsMessage(points, c.interval) };
  return undefined;
}

// ---- Rows ----------------------------------------------------------------------------------------------

/** A row of the figures: a series (grouped) or a period (not grouped). */
export interface PurchasesRow {
  key: string;
  label: string;
  /** Sorting the periods in time order. */
  order: number;
  /** Spend: absent for roles that do not see costs. */
  cost?: number;
  units: number;
  orders: number;
  /** The Others row. */
  others?: boolean;
}

const figures = (f: PurchaseFigures) => ({ cost: f.cost, units: f.units, orders: f.orders });

/** The rows of a report: one per series and an Others row when grouped, else one per period. */
export function purchasesRowsOf(report: PurchasesReport): PurchasesRow[] {
  if (report.groupBy) {
    const rows: PurchasesRow[] = report.series.map((s, i) => ({
      key: s.key,
      label: s.label,
      order: i,
      ...figures(s.total),
    }));
    if (report.others.count > 0)
      rows.push({
        key: OTHERS_KEY,
        label: `Others (${report.others.count})`,
        order: rows.length,
        others: true,
        ...figures(report.others.total),
      });
    return rows;
  }
  return report.periods.map((p, i) => ({
    key: p.key,
    label: periodLabel(p.key, report.interval),
    order: i,
    ...figures(report.points[i] ?? report.total),
  }));
}

/** Whether the report counted any purchase order (in its total or in any series). */
export const hasPurchases = (report: PurchasesReport): boolean =>
  report.total.orders > 0 || report.series.some((s) => s.total.orders > 0);

/** Whether the API sent spend (it strips it for roles that do not see costs). */
export const hasSpend = (report: PurchasesReport | undefined): boolean => report?.total.cost !== undefined;

// ---- Columns -------------------------------------------------------------------------------------------

export type PurchasesColumnId = 'label' | 'cost' | 'units' | 'orders';

export interface PurchasesColumn {
  id: PurchasesColumnId;
  header: string;
  sortingField: keyof PurchasesRow;
  /** Only when the API sent spend. */
  costOnly?: boolean;
  width?: number;
}

export const PURCHASES_COLUMNS: readonly PurchasesColumn[] = [
  { id: 'label', header: 'Period', sortingField: 'order', width: 260 },
  { id: 'cost', header: 'Spend', sortingField: 'cost', costOnly: true, width: 150 },
  { id: 'units', header: 'Units', sortingField: 'units', width: 120 },
  { id: 'orders', header: 'Purchase orders', sortingField: 'orders', width: 170 },
];

export const purchasesColumnsFor = (spend: boolean): PurchasesColumn[] =>
  PURCHASES_COLUMNS.filter((c) => spend || !c.costOnly);

/** The label column's header: the grouping, or Period. */
export const purchasesLabelHeader = (groupBy: PurchaseGroup | null | undefined): string =>
  groupBy ? PURCHASE_GROUP_LABELS[groupBy] : 'Period';

// ---- Links ---------------------------------------------------------------------------------------------

/**
 * The purchase orders list. It opens on its own default range and filter: it reads no brand from its address
 * (nor is there a page of one brand), so rows link to the list as it is.
 */
export const PURCHASES_LIST_HREF = '/purchases';
