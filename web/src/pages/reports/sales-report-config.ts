import {
  CUSTOMER_SPLIT_MESSAGE,
  customerSplitAllowed,
  COMPARISONS,
  CUSTOMER_TYPES,
  MAX_REPORT_POINTS,
  pointCount,
  REPORT_INTERVALS,
  SALES_DIMENSIONS,
  tooManyPointsMessage,
  type Comparison,
  type ReportInterval,
  type SalesDimension,
  type SalesFigures,
  type SalesReport,
} from '@bo/shared';
import { CUSTOMER_LABELS } from '../../format/labels';
import {
  CHART_SERIES,
  defaultRange,
  oneOf,
  OTHERS_KEY,
  periodLabel,
  periodTick,
  rangeFromParams,
  rangeText,
  REPORT_BUILD_TEXT,
  setRangeParams,
} from './report-common';

export { CHART_SERIES, defaultRange, OTHERS_KEY, periodLabel, periodTick, rangeText };

/** The Sales report (issue 25): its controls as URL search params, texts, rows, columns and links. */

// ---- Texts ---------------------------------------------------------------------------------------------

export const SALES_REPORT_TEXT = {
  title: 'Sales',
  description:
    'Revenue, units and orders over a range by day, week, month or quarter, split by rep, customer, customer type, brand or product type. Drafts and cancelled orders do not count; returns reduce what an order counts for.',
  salesDescription:
    'Revenue, units and orders of your own customers over a range by day, week, month or quarter. Drafts and cancelled orders do not count; returns reduce what an order counts for.',
  loading: 'Loading the sales report',
  error: 'The sales report could not be loaded',
  empty: 'No sales in this range',
  emptyDescription: 'No orders counted for this range and these choices.',
  download: 'Download .xlsx',
  downloadFailed: 'The spreadsheet could not be built. Try again.',
  ...REPORT_BUILD_TEXT,
  chart: 'Revenue by period',
  share: 'Revenue share',
  tableTitle: 'Figures',
} as const;

// ---- Controls ------------------------------------------------------------------------------------------

export const INTERVAL_LABELS: Readonly<Record<ReportInterval, string>> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
};

export const DIMENSION_LABELS: Readonly<Record<SalesDimension, string>> = {
  rep: 'Rep',
  customer: 'Customer',
  customerType: 'Customer type',
  brand: 'Brand',
  productType: 'Product type',
};

export const COMPARISON_LABELS: Readonly<Record<Comparison, string>> = {
  previous: 'Previous period',
  lastYear: 'Same period last year',
};

/** "vs previous period", after a change. */
export const COMPARISON_SHORT: Readonly<Record<Comparison, string>> = {
  previous: 'previous period',
  lastYear: 'last year',
};

export const CUSTOMER_TYPE_OPTIONS = CUSTOMER_TYPES.map((t) => ({ value: t, label: CUSTOMER_LABELS.type[t] }));

/** The report's controls, as the URL holds them (the API's own parameter names). */
export interface SalesControls {
  from: string;
  to: string;
  interval: ReportInterval;
  groupBy?: SalesDimension;
  filter?: { dimension: SalesDimension; key: string };
  compare?: Comparison;
}

/** The controls a URL asks for: anything missing or unreadable falls back to the default. */
export function controlsFromParams(params: URLSearchParams, now = new Date()): SalesControls {
  const readRange = rangeFromParams(params, now);
  const dimension = SALES_DIMENSIONS.find((d) => params.get(d));
  return {
    ...readRange,
    interval: oneOf(REPORT_INTERVALS, params.get('interval')) ?? 'month',
    groupBy: oneOf(SALES_DIMENSIONS, params.get('groupBy')),
    filter: dimension ? { dimension, key: params.get(dimension)! } : undefined,
    compare: oneOf(COMPARISONS, params.get('compare')),
  };
}

/** The URL search params of these controls (defaults left out, so the plain page has a plain address). */
export function paramsFromControls(c: SalesControls, now = new Date()): URLSearchParams {
  const params = new URLSearchParams();
  setRangeParams(params, c, now);
  if (c.interval !== 'month') params.set('interval', c.interval);
  if (c.groupBy) params.set('groupBy', c.groupBy);
  if (c.filter) params.set(c.filter.dimension, c.filter.key);
  if (c.compare) params.set('compare', c.compare);
  return params;
}

/** The API query of these controls. */
export function reportQuery(c: SalesControls) {
  return {
    from: c.from,
    to: c.to,
    interval: c.interval,
    ...(c.groupBy ? { groupBy: c.groupBy } : {}),
    ...(c.filter ? { [c.filter.dimension]: c.filter.key } : {}),
    ...(c.compare ? { compare: c.compare } : {}),
  };
}

/** Intervals customers may be split by: the API's own rule. */
export const customerIntervalOk = customerSplitAllowed;

/** Why the API would refuse these controls (checked before asking, with the API's own words); undefined if fine. */
export function controlsProblem(c: SalesControls): { field: 'range' | 'interval'; message: string } | undefined {
  if (c.from > c.to) return { field: 'range', message: 'The end date must be on or after the start date.' };
  if (c.groupBy === 'customer' && !customerIntervalOk(c.interval))
    return { field: 'interval', message: CUSTOMER_SPLIT_MESSAGE };
  const points = pointCount(c.from, c.to, c.interval);
  if (points > MAX_REPORT_POINTS) return { field: 'interval', message: tooManyPointsMessage(points, c.interval) };
  return undefined;
}

// ---- Periods -------------------------------------------------------------------------------------------

// Period labels and ranges: report-common.ts.

// ---- Changes -------------------------------------------------------------------------------------------

/** The change from `before` to `now` as a fraction; null when there was nothing before to compare with. */
export function changeOf(now: number, before: number | undefined): number | null {
  if (before === undefined || before === 0) return null;
  return (now - before) / Math.abs(before);
}

/** `+12.3%`, `-4.0%`, `0.0%`; `new` when the comparison had none; '' without a comparison. */
export function changeText(now: number, before: number | undefined): string {
  if (before === undefined) return '';
  const change = changeOf(now, before);
  if (change === null) return now === 0 ? '0.0%' : 'new';
  const pct = Math.round(change * 1000) / 10;
  return `${pct > 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

/** A margin's change, in percentage points: `+1.2 pts`. */
export function pointsChangeText(now: number | null | undefined, before: number | null | undefined): string {
  if (now === null || now === undefined || before === null || before === undefined) return '';
  const diff = Math.round((now - before) * 10) / 10;
  return `${diff > 0 ? '+' : ''}${diff.toFixed(1)} pts`;
}

// ---- Rows ----------------------------------------------------------------------------------------------

/** A row of the table: a series (grouped) or a period (not grouped), with the comparison's figures. */
export interface SalesRow {
  key: string;
  label: string;
  /** The days its orders were made in (its period's, or the report's). */
  from: string;
  to: string;
  /** Sorting the periods in time order. */
  order: number;
  revenue: number;
  units: number;
  orders: number;
  cost?: number;
  profit?: number;
  margin?: number | null;
  /** The comparison's revenue, when the report compares. */
  compareRevenue?: number;
  /** Change of revenue vs the comparison as a fraction (null: nothing to compare with). */
  change?: number | null;
  /** The Others row: no link, no key of its own. */
  others?: boolean;
}

const rowFigures = (f: SalesFigures) => ({
  revenue: f.revenue,
  units: f.units,
  orders: f.orders,
  cost: f.cost,
  profit: f.profit,
  margin: f.margin,
});

/** The rows of a report: one per series and an Others row when grouped, else one per period. */
export function rowsOf(report: SalesReport): SalesRow[] {
  const compare = report.compare;
  const withCompare = (row: SalesRow, before: SalesFigures | undefined): SalesRow =>
    compare
      ? { ...row, compareRevenue: before?.revenue ?? 0, change: changeOf(row.revenue, before?.revenue ?? 0) }
      : row;
  if (report.groupBy) {
    const rows = report.series.map((s, i) =>
      withCompare(
        { key: s.key, label: s.label, from: report.from, to: report.to, order: i, ...rowFigures(s.total) },
        compare?.series[s.key],
      ),
    );
    if (report.others.count > 0)
      rows.push({
        key: OTHERS_KEY,
        label: `Others (${report.others.count})`,
        from: report.from,
        to: report.to,
        order: rows.length,
        others: true,
        ...rowFigures(report.others.total),
      });
    return rows;
  }
  return report.periods.map((p, i) =>
    withCompare(
      {
        key: p.key,
        label: periodLabel(p.key, report.interval),
        from: p.from,
        to: p.to,
        order: i,
        ...rowFigures(report.points[i] ?? report.total),
      },
      compare?.points[i],
    ),
  );
}

export const hasCosts = (report: SalesReport | undefined): boolean => report?.total.cost !== undefined;

// ---- Columns -------------------------------------------------------------------------------------------

export type SalesColumnId =
  'label' | 'revenue' | 'units' | 'orders' | 'cost' | 'profit' | 'margin' | 'compare' | 'change';

export interface SalesColumn {
  id: SalesColumnId;
  /** The label column's header is the report's grouping (`Brand`, `Period`). */
  header: string;
  sortingField: keyof SalesRow;
  /** Only when the API sent cost, profit and margin (roles that see costs). */
  costOnly?: boolean;
  /** Only when the report compares. */
  compareOnly?: boolean;
  width?: number;
}

export const SALES_COLUMNS: readonly SalesColumn[] = [
  { id: 'label', header: 'Period', sortingField: 'order', width: 240 },
  { id: 'revenue', header: 'Revenue', sortingField: 'revenue', width: 140 },
  { id: 'units', header: 'Units', sortingField: 'units', width: 110 },
  { id: 'orders', header: 'Orders', sortingField: 'orders', width: 120 },
  { id: 'cost', header: 'Cost', sortingField: 'cost', costOnly: true, width: 130 },
  { id: 'profit', header: 'Profit', sortingField: 'profit', costOnly: true, width: 130 },
  { id: 'margin', header: 'Margin', sortingField: 'margin', costOnly: true, width: 110 },
  { id: 'compare', header: 'Compared revenue', sortingField: 'compareRevenue', compareOnly: true, width: 170 },
  { id: 'change', header: 'Change', sortingField: 'change', compareOnly: true, width: 110 },
];

/** The columns a report shows: cost ones only with costs, comparison ones only when comparing. */
export const columnsFor = (costs: boolean, comparing: boolean): SalesColumn[] =>
  SALES_COLUMNS.filter((c) => (costs || !c.costOnly) && (comparing || !c.compareOnly));

/** The label column's header: the grouping, or Period. */
export const labelHeader = (groupBy: SalesDimension | null | undefined): string =>
  groupBy ? DIMENSION_LABELS[groupBy] : 'Period';

/** `12.3%`, or '-' without revenue. */
export const formatMargin = (margin: number | null | undefined): string =>
  margin === null || margin === undefined ? '-' : `${margin.toFixed(1)}%`;

// ---- Links to the orders -------------------------------------------------------------------------------

/**
 * The Orders page over a row's days, filtered to its customer or brand where the Orders page can (its
 * `from`, `to`, `customerName` and `brand` params); reps, customer types and product types link by days only.
 */
export function ordersHref(row: SalesRow, report: Pick<SalesReport, 'groupBy' | 'filter'>): string {
  const params = new URLSearchParams({ from: row.from, to: row.to });
  const match = (dimension: SalesDimension | null | undefined, label: string) => {
    if (dimension === 'customer') params.set('customerName', label);
    if (dimension === 'brand') params.set('brand', label);
  };
  if (report.filter) match(report.filter.dimension, report.filter.label);
  if (report.groupBy) match(report.groupBy, row.label);
  return `/orders?${params.toString()}`;
}
