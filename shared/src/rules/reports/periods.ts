import { DAY_MS } from '../../schemas/dates';

/**
 * Report periods (issue 25): a report's range cut into days, weeks (Monday to Sunday), months or quarters.
 * Figures are kept per day and per month (UTC calendar days, as every date on the wire); weeks are added up
 * from days, quarters from months.
 */
export const REPORT_INTERVALS = ['day', 'week', 'month', 'quarter'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/** At most this many points (periods) in one report: a year by day is 366, ten years by month 120. */
export const MAX_REPORT_POINTS = 400;

export interface ReportPeriod {
  /** `2026-03-09` (a day or the Monday of a week), `2026-03` or `2026-Q1`. */
  key: string;
  /** Its first and last day inside the report's range (YYYY-MM-DD). */
  from: string;
  to: string;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (isoDay: string) => Date.parse(`${isoDay}T00:00:00.000Z`);
const monthStart = (isoDay: string) => `${isoDay.slice(0, 7)}-01`;
const monthEnd = (isoDay: string) => {
  const d = new Date(ms(monthStart(isoDay)));
  return day(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
};
const quarterOf = (isoDay: string) => Math.floor((Number(isoDay.slice(5, 7)) - 1) / 3) + 1;
const quarterStart = (isoDay: string) =>
  `${isoDay.slice(0, 4)}-${String((quarterOf(isoDay) - 1) * 3 + 1).padStart(2, '0')}-01`;
const mondayOf = (isoDay: string) => {
  const t = ms(isoDay);
  return day(t - ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS);
};

/** Adds whole months to a day (the day kept, or the month's last day when it has fewer). */
export function addMonths(isoDay: string, months: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return day(Date.UTC(y, m - 1 + months, Math.min(d, last)));
}

export const addDays = (isoDay: string, days: number): string => day(ms(isoDay) + days * DAY_MS);

/**
 * The range a report covers: months and quarters take whole months (a range from Mar 10 to Apr 5 by month is
 * March and April), days and weeks the days asked for.
 */
export function reportRange(from: string, to: string, interval: ReportInterval): { from: string; to: string } {
  if (interval === 'month') return { from: monthStart(from), to: monthEnd(to) };
  if (interval === 'quarter') return { from: quarterStart(from), to: monthEnd(addMonths(quarterStart(to), 2)) };
  return { from, to };
}

/** The period key of a day. */
export function periodKeyOf(isoDay: string, interval: ReportInterval): string {
  if (interval === 'day') return isoDay;
  if (interval === 'week') return mondayOf(isoDay);
  if (interval === 'month') return isoDay.slice(0, 7);
  return `${isoDay.slice(0, 4)}-Q${quarterOf(isoDay)}`;
}

/** How many points a report of this range would have (without building them: the bound is checked first). */
export function pointCount(from: string, to: string, interval: ReportInterval): number {
  const range = reportRange(from, to, interval);
  const days = Math.round((ms(range.to) - ms(range.from)) / DAY_MS) + 1;
  if (interval === 'day') return days;
  if (interval === 'week') return Math.round((ms(mondayOf(range.to)) - ms(mondayOf(range.from))) / (7 * DAY_MS)) + 1;
  const months =
    (Number(range.to.slice(0, 4)) - Number(range.from.slice(0, 4))) * 12 +
    Number(range.to.slice(5, 7)) -
    Number(range.from.slice(5, 7)) +
    1;
  return interval === 'month' ? months : Math.ceil(months / 3);
}

/** The periods of a range in order, each clipped to the range. */
export function periodsOf(from: string, to: string, interval: ReportInterval): ReportPeriod[] {
  const range = reportRange(from, to, interval);
  const out: ReportPeriod[] = [];
  let start = range.from;
  while (start <= range.to) {
    const next =
      interval === 'day'
        ? addDays(start, 1)
        : interval === 'week'
          ? addDays(mondayOf(start), 7)
          : addMonths(interval === 'month' ? monthStart(start) : quarterStart(start), interval === 'month' ? 1 : 3);
    const end = addDays(next, -1) < range.to ? addDays(next, -1) : range.to;
    out.push({ key: periodKeyOf(start, interval), from: start, to: end });
    start = next;
  }
  return out;
}

/** The months (YYYY-MM) a range touches: where its figures are stored. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = monthStart(from); m <= to; m = addMonths(m, 1)) out.push(m.slice(0, 7));
  return out;
}

/** The months from one month through another (YYYY-MM, both included). */
export const monthsBetween = (fromMonth: string, toMonth: string): string[] =>
  monthsOf(`${fromMonth}-01`, `${toMonth}-01`);

export const COMPARISONS = ['previous', 'lastYear'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/**
 * The range a report is compared with: the previous period of the same length (for months and quarters the
 * same number of whole months just before), or the same range a year earlier.
 */
export function comparedRange(
  range: { from: string; to: string },
  interval: ReportInterval,
  kind: Comparison,
): { from: string; to: string } {
  if (kind === 'lastYear') return { from: addMonths(range.from, -12), to: addMonths(range.to, -12) };
  if (interval === 'month' || interval === 'quarter') {
    const months = monthsOf(range.from, range.to).length;
    return { from: addMonths(range.from, -months), to: addDays(range.from, -1) };
  }
  const days = Math.round((ms(range.to) - ms(range.from)) / DAY_MS) + 1;
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** The 400 message of a report with too many points. */
export const tooManyPointsMessage = (points: number, interval: ReportInterval) =>
  `This range by ${interval} is ${points} points; a report has at most ${MAX_REPORT_POINTS} (choose a longer interval or a shorter range)`;

/** Intervals sales may be split by customer at (customers' cells are kept per month, not per day). */
export const customerSplitAllowed = (interval: ReportInterval): boolean =>
  interval === 'month' || interval === 'quarter';
export const CUSTOMER_SPLIT_MESSAGE = 'Sales by customer come by month or quarter';
