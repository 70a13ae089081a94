/**
 * Date ranges of the lists: orders, purchase orders, payments (spec section 9: order history defaults to the
 * last 90 days; quick ranges 90, 60, 30 days, this week (7), month to date, year to date). Pure functions of
 * "now", in the browser's own time zone (a day is the user's calendar day); the results are ISO instants
 * (UTC) for the API's `from`/`to` and `getByWeek/{fromISO}/{toISO}`.
 *
 * "Last N days" means N calendar days counting today: from the start of the day N − 1 days ago to the end of
 * today. Ranges end at the end of today, not at "now", so a range (and the query key built from it) stays
 * the same all day and orders created after the list loaded still fall inside it on refresh.
 */

export interface DateInterval {
  /** ISO instant, inclusive. */
  from: string;
  /** ISO instant, inclusive. */
  to: string;
}

export const QUICK_RANGES = [
  { id: '90d', label: '90 days' },
  { id: '60d', label: '60 days' },
  { id: '30d', label: '30 days' },
  { id: '7d', label: 'This week (7)' },
  { id: 'mtd', label: 'Month to date' },
  { id: 'ytd', label: 'Year to date' },
] as const;
export type QuickRangeId = (typeof QUICK_RANGES)[number]['id'];
export const DEFAULT_QUICK_RANGE: QuickRangeId = '90d';

const DAY_MS = 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as the calendar day it is in the browser's time zone, YYYY-MM-DD. */
export const calendarDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);
const interval = (from: Date, to: Date): DateInterval => ({ from: from.toISOString(), to: to.toISOString() });

/** The last `days` calendar days, today included. */
export function lastDays(days: number, now: Date): DateInterval {
  const n = Math.max(1, Math.floor(days));
  return interval(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (n - 1)), endOfDay(now));
}

/** One of the quick ranges of View Orders. */
export function quickRange(id: QuickRangeId, now: Date): DateInterval {
  switch (id) {
    case '90d':
      return lastDays(90, now);
    case '60d':
      return lastDays(60, now);
    case '30d':
      return lastDays(30, now);
    case '7d':
      return lastDays(7, now);
    case 'mtd':
      return interval(new Date(now.getFullYear(), now.getMonth(), 1), endOfDay(now));
    case 'ytd':
      return interval(new Date(now.getFullYear(), 0, 1), endOfDay(now));
  }
}

export type RangeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/**
 * A relative range of the Orders page's date picker ("last 3 months"): whole calendar days for day, week,
 * month and year (months and years by the calendar), exact for shorter units; always up to the end of today.
 */
export function relativeRange(amount: number, unit: RangeUnit, now: Date): DateInterval {
  const n = Math.max(1, Math.floor(amount));
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  switch (unit) {
    case 'second':
      return interval(new Date(now.getTime() - n * 1000), endOfDay(now));
    case 'minute':
      return interval(new Date(now.getTime() - n * 60_000), endOfDay(now));
    case 'hour':
      return interval(new Date(now.getTime() - n * 3_600_000), endOfDay(now));
    case 'day':
      return lastDays(n, now);
    case 'week':
      return lastDays(7 * n, now);
    case 'month':
      return interval(new Date(y, m - n, d + 1), endOfDay(now));
    case 'year':
      return interval(new Date(y - n, m, d + 1), endOfDay(now));
  }
}

/** `YYYY-MM-DD` (or an ISO date-time) as a local date; null when unreadable. */
function localDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An absolute range of calendar days: from the start of the first to the end of the last. */
export function absoluteRange(startDate: string, endDate: string): DateInterval | null {
  const start = localDay(startDate);
  const end = localDay(endDate);
  if (!start || !end || start > end) return null;
  return interval(startOfDay(start), endOfDay(end));
}

/** Whole days an interval spans (rounded up). */
export const spanDays = (range: DateInterval): number =>
  Math.ceil((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS);
