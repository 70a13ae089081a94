import { addMonths as addMonthsToDay, type ReportInterval } from '@bo/shared';
import { calendarDay } from '../../format/date-ranges';

/** What the Sales and Purchasing reports (issue 25) share: ranges in the address, periods, texts of the figures' build. */

// ---- Texts ---------------------------------------------------------------------------------------------

/** The figures' build (`ReportBuild`): rebuilding them and brands excluded from reporting. */
export const REPORT_BUILD_TEXT = {
  rebuild: 'Rebuild figures',
  rebuildTitle: 'Rebuild report figures',
  rebuildMessage:
    'Recomputes every report figure from the orders. It runs in the background and can take a few minutes; the report keeps showing the current figures until it finishes.',
  rebuildStarted: 'Rebuilding the report figures. The report updates when it finishes.',
  rebuildFailed: 'The rebuild could not start',
  exclusionChanged:
    'The brands excluded from reporting changed since these figures were built. Rebuild the figures to apply the change.',
  exclusionChangedNoRebuild:
    'The brands excluded from reporting changed since these figures were built. An administrator can rebuild the figures to apply the change.',
} as const;

// ---- Controls in the address ---------------------------------------------------------------------------

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (v: string | null): v is string => v !== null && DAY.test(v) && !Number.isNaN(Date.parse(v));
export const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  values.find((x) => x === v);

/** This year, January 1st to today (the browser's calendar day). */
export function defaultRange(now = new Date()): { from: string; to: string } {
  const today = calendarDay(now);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/** The `from`..`to` an address asks for, else the default range. */
export function rangeFromParams(params: URLSearchParams, now = new Date()): { from: string; to: string } {
  const from = params.get('from');
  const to = params.get('to');
  return isDay(from) && isDay(to) && from <= to ? { from, to } : defaultRange(now);
}

/** Sets `from` and `to` on `params` unless they are the default range (so the plain page has a plain address). */
export function setRangeParams(params: URLSearchParams, range: { from: string; to: string }, now = new Date()): void {
  const fallback = defaultRange(now);
  if (range.from !== fallback.from || range.to !== fallback.to) {
    params.set('from', range.from);
    params.set('to', range.to);
  }
}

/** The problem's message when it is about `field` (a control's error text). */
export const problemText = (problem: { field?: string; message: string } | undefined, field: string) =>
  problem?.field === field ? problem.message : undefined;

// ---- Periods -------------------------------------------------------------------------------------------

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayLabel = (isoDay: string) => `${MONTHS[Number(isoDay.slice(5, 7)) - 1]} ${Number(isoDay.slice(8, 10))}`;

/** A period as people say it: `Mar 9, 2026`, `Week of Mar 9, 2026`, `Mar 2026`, `Q1 2026`. */
export function periodLabel(key: string, interval: ReportInterval): string {
  if (interval === 'quarter') return `${key.slice(5)} ${key.slice(0, 4)}`;
  if (interval === 'month') return `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
  const day = `${dayLabel(key)}, ${key.slice(0, 4)}`;
  return interval === 'week' ? `Week of ${day}` : day;
}

/** A period on the chart's axis: shorter (`Mar 9`, `Mar 2026`, `Q1 2026`). */
export function periodTick(key: string, interval: ReportInterval): string {
  if (interval === 'day' || interval === 'week') return dayLabel(key);
  return periodLabel(key, interval);
}

/** A range of days: `2026-01-01 to 2026-03-31`. */
export const rangeText = (from: string, to: string): string => (from === to ? from : `${from} to ${to}`);

/** Money on a chart's axis, without cents: `$12k`. */
export const moneyTick = (n: number): string =>
  Math.abs(n) >= 1000 ? `$${(n / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k` : `$${n}`;

/** Charts show this many series; the rest are folded into Other. */
export const CHART_SERIES = 8;

/** The key of the row that adds up series past the report's limit. */
export const OTHERS_KEY = '\u0000others';

// ---- Months --------------------------------------------------------------------------------------------

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const isMonth = (v: string | null | undefined): v is string => typeof v === 'string' && MONTH.test(v);

/** This month (the browser's calendar): `2026-10`. */
export const thisMonth = (now = new Date()): string => calendarDay(now).slice(0, 7);

/** The month `n` months after `month` (before when negative): `addMonths('2026-01', -1)` is `2025-12`. */
export const addMonths = (month: string, n: number): string => addMonthsToDay(`${month}-01`, n).slice(0, 7);

/** The `count` months before this one, the latest first. */
export const monthsBefore = (count: number, now = new Date()): string[] =>
  Array.from({ length: count }, (_, i) => addMonths(thisMonth(now), -(i + 1)));

/** A month as people say it: `October 2026`. */
export const monthLabel = (month: string): string =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

/** A month's first and last days: `2026-02` is `2026-02-01`..`2026-02-28`. */
export function monthDays(month: string): { from: string; to: string } {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

// ---- Links to the orders -------------------------------------------------------------------------------

/**
 * The Orders page as a report's row sees it: over days (`from`, `to`) and for a brand (its name: the Orders
 * page matches brands by name), as far as the Orders page reads them from its address.
 */
export function ordersPageHref(filter: { from?: string; to?: string; brand?: string }): string {
  const params = new URLSearchParams();
  if (filter.from && filter.to) {
    params.set('from', filter.from);
    params.set('to', filter.to);
  }
  if (filter.brand) params.set('brand', filter.brand);
  const query = params.toString();
  return query ? `/orders?${query}` : '/orders';
}
