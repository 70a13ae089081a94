import {
  MAX_SLOW_MOVERS,
  MAX_VALUATION_MONTHS_BACK,
  SLOW_MOVER_DAYS,
  type InventoryValuation,
  type SlowMovers,
  type StockLimitLine,
} from '@bo/shared';
import { isMonth, monthLabel, monthsBefore, oneOf, REPORT_BUILD_TEXT } from './report-common';

/** The Inventory report (issue 25): its tabs and controls in the address, texts, rows and columns. */

// ---- Texts ---------------------------------------------------------------------------------------------

export const INVENTORY_REPORT_TEXT = {
  title: 'Inventory',
  description:
    "What the stock is worth by brand and product type, now or at a past month's end; the products that have not sold for a while; every stock limit against the stock on hand.",
  inventoryDescription:
    "The stock by brand and product type, now or at a past month's end; the products that have not sold for a while; every stock limit against the stock on hand.",
  download: 'Download .xlsx',
  downloadFailed: 'The spreadsheet could not be built. Try again.',
  valuation: {
    tab: 'Valuation',
    loading: 'Loading the valuation',
    error: 'The valuation could not be loaded',
    empty: 'No stock on hand',
    emptyDescription: 'No product of a reported brand had stock at this time.',
    valueChart: 'Value by',
    unitsChart: 'Units by',
    tableTitle: 'Stock',
  },
  slow: {
    tab: 'Slow movers',
    loading: 'Loading the slow movers',
    error: 'The slow movers could not be loaded',
    empty: 'No slow movers',
    emptyDescription: 'Every product in stock sold in this time.',
    tableTitle: 'Slow movers',
  },
  limits: {
    tab: 'Stock limits',
    loading: 'Loading the stock limits',
    error: 'The stock limits could not be loaded',
    empty: 'No stock limits',
    emptyDescription: 'No brand, type or weight has a stock limit set.',
    chart: 'Fullest limits',
    tableTitle: 'Stock limits',
  },
  ...REPORT_BUILD_TEXT,
} as const;

// ---- Controls ------------------------------------------------------------------------------------------

export const INVENTORY_TABS = ['valuation', 'slow', 'limits'] as const;
export type InventoryTab = (typeof INVENTORY_TABS)[number];

export const VALUATION_VIEWS = ['brand', 'type', 'rows'] as const;
export type ValuationView = (typeof VALUATION_VIEWS)[number];
export const VALUATION_VIEW_LABELS: Readonly<Record<ValuationView, string>> = {
  brand: 'By brand',
  type: 'By type',
  rows: 'Brand × type',
};
/** The label column's header in each view. */
export const VALUATION_LABEL_HEADERS: Readonly<Record<ValuationView, string>> = {
  brand: 'Brand',
  type: 'Product type',
  rows: 'Brand · type',
};

export const SLOW_DAYS = [30, 60, 90, 180, 365] as const;

export const LIMIT_STATUSES = ['over', 'at', 'under'] as const;
export type LimitStatus = StockLimitLine['status'];
export const LIMIT_STATUS_LABELS: Readonly<Record<LimitStatus, string>> = { over: 'Over', at: 'At', under: 'Under' };
export const LIMIT_STATUS_TYPES: Readonly<Record<LimitStatus, 'error' | 'warning' | 'success'>> = {
  over: 'error',
  at: 'warning',
  under: 'success',
};
export const LIMIT_LEVEL_LABELS: Readonly<Record<StockLimitLine['level'], string>> = {
  brand: 'Brand',
  type: 'Type',
  weight: 'Weight',
};

/** The page's controls, as the URL holds them. */
export interface InventoryControls {
  tab: InventoryTab;
  /** A past month (YYYY-MM) or undefined for now. */
  asOf?: string;
  view: ValuationView;
  days: number;
  /** A brand's id (slow movers). */
  brand?: string;
  /** Stock limits of one status. */
  status?: LimitStatus;
}

/** The past months a valuation may be asked for, the latest first. */
export const asOfMonths = (now = new Date()): string[] => monthsBefore(MAX_VALUATION_MONTHS_BACK, now);

/** The controls a URL asks for: anything missing or not offered falls back to the default. */
export function inventoryControlsFromParams(params: URLSearchParams, now = new Date()): InventoryControls {
  const asOf = params.get('asOf');
  const days = Number(params.get('days'));
  const brand = params.get('brand')?.trim();
  return {
    tab: oneOf(INVENTORY_TABS, params.get('tab')) ?? 'valuation',
    asOf: isMonth(asOf) && asOfMonths(now).includes(asOf) ? asOf : undefined,
    view: oneOf(VALUATION_VIEWS, params.get('view')) ?? 'brand',
    days: (SLOW_DAYS as readonly number[]).includes(days) ? days : SLOW_MOVER_DAYS.default,
    brand: brand || undefined,
    status: oneOf(LIMIT_STATUSES, params.get('status')),
  };
}

/** The URL search params of these controls (defaults left out, so the plain page has a plain address). */
export function paramsFromInventoryControls(c: InventoryControls): URLSearchParams {
  const params = new URLSearchParams();
  if (c.tab !== 'valuation') params.set('tab', c.tab);
  if (c.asOf) params.set('asOf', c.asOf);
  if (c.view !== 'brand') params.set('view', c.view);
  if (c.days !== SLOW_MOVER_DAYS.default) params.set('days', String(c.days));
  if (c.brand) params.set('brand', c.brand);
  if (c.status) params.set('status', c.status);
  return params;
}

// ---- Valuation -----------------------------------------------------------------------------------------

export type ValuationRow = InventoryValuation['byBrand'][number] & {
  /** The brand's name, for the link to its orders (brand and brand × type rows). */
  brandName?: string;
};

/** Whether the API sent values (it strips them for roles that do not see costs). */
export const hasValue = (report: { total: { cost?: number } } | undefined): boolean => report?.total.cost !== undefined;

/** The valuation's lines in a view; brand and brand × type rows know their brand's name. */
export function valuationRowsOf(report: InventoryValuation, view: ValuationView): ValuationRow[] {
  if (view === 'type') return report.byType;
  if (view === 'brand') return report.byBrand.map((l) => ({ ...l, brandName: l.label }));
  const brands = new Map(report.byBrand.map((b) => [b.key, b.label]));
  return report.rows.map((l) => ({ ...l, brandName: brands.get(l.key.split('|')[0] ?? '') }));
}

/**
 * Whether a past month's end is counted from the stock as recording began: the month is before the first month
 * whose movements were recorded (or nothing is recorded yet).
 */
export const asOfBeforeRecording = (report: Pick<InventoryValuation, 'asOf' | 'recordedSince'>): boolean =>
  report.asOf !== null && (report.recordedSince === null || report.recordedSince > report.asOf);

export const recordingNote = (recordedSince: string | null): string =>
  recordedSince
    ? `Movements are recorded since ${monthLabel(recordedSince)}; earlier month ends count the stock as it was when recording began.`
    : 'No movements are recorded yet; past month ends count the stock as it is now.';

export const asOfText = (report: Pick<InventoryValuation, 'asOf' | 'through'>): string =>
  report.asOf ? `End of ${monthLabel(report.asOf)}` : 'Now';

// ---- Slow movers ---------------------------------------------------------------------------------------

export type SlowMoverRow = SlowMovers['products'][number];

/** More slow movers than listed: the note says so. */
export const slowListedNote = (report: SlowMovers): string | undefined =>
  report.count > report.products.length
    ? `${report.count.toLocaleString('en-US')} products are slow: the first ${Math.min(MAX_SLOW_MOVERS, report.products.length).toLocaleString('en-US')} by value are listed.`
    : undefined;

/** Sales recorded only since after the window began: "None since" means none recorded. */
export const salesRecordingNote = (report: SlowMovers): string | undefined =>
  report.recordedSince === null
    ? 'No sales are recorded yet: every product in stock counts as slow.'
    : report.recordedSince > report.since.slice(0, 7)
      ? `Sales are recorded since ${monthLabel(report.recordedSince)}: a product with none since then counts as slow.`
      : undefined;

// ---- Stock limits --------------------------------------------------------------------------------------

/** How full a limit is: stock ÷ limit. */
export const fullness = (line: Pick<StockLimitLine, 'stock' | 'limit'>): number =>
  line.limit > 0 ? line.stock / line.limit : line.stock > 0 ? Infinity : 0;

/** The lines on the chart. */
export const LIMIT_CHART_LINES = 10;

/** A line as the chart names it: `Brand · Type`, or the brand alone for its own limit. */
export const limitLineName = (line: Pick<StockLimitLine, 'brandName' | 'label' | 'level'>): string =>
  line.level === 'brand' || line.label === line.brandName ? line.brandName : `${line.brandName} · ${line.label}`;

export type LimitRow = StockLimitLine & { key: string };

export const limitRowsOf = (lines: readonly StockLimitLine[]): LimitRow[] =>
  lines.map((l, i) => ({ ...l, key: `${l.brandId}|${l.level}|${l.label}|${i}` }));
