import type { CommissionReport } from '@bo/shared';
import { calendarDay } from '../../format/date-ranges';

/** The Commission report (issue 25): its year in the address, its texts, its periods, bars and rows. */

export const COMMISSION_REPORT_TEXT = {
  title: 'Commission',
  description: 'Commission paid to each rep by pay period over a year, read from the pay periods themselves.',
  loading: 'Loading the commission report',
  error: 'The commission report could not be loaded',
  empty: (year: number) => `No commission paid in ${year}`,
  emptyDescription: 'No pay period of this year pays commission on any order yet.',
  chart: 'Commission by pay period',
  repsTitle: 'Commission by rep',
  repsLabel: 'Commission by rep',
  periodsTitle: 'Pay periods',
  periodsLabel: 'Pay periods',
  periodsDescription:
    'Each pay period of the year, its state and the commission it pays. Payroll edits and submits them.',
  openPayroll: 'Open payroll',
  download: 'Download .xlsx',
  downloadFailed: 'The commission report could not be downloaded',
} as const;

/** Where the pay periods are edited (the Payroll page keeps its period in its own state, not in the address). */
export const PAYROLL_HREF = '/payroll';

/** The years the page offers: this year first, back to the fifth year. */
export const YEARS_BACK = 5;

export const thisYear = (now = new Date()): number => Number(calendarDay(now).slice(0, 4));

export const yearOptions = (now = new Date()): number[] =>
  Array.from({ length: YEARS_BACK }, (_, i) => thisYear(now) - i);

/** The year an address asks for when it is one the page offers, else this year. */
export function yearFromParams(params: URLSearchParams, now = new Date()): number {
  const asked = Number(params.get('year'));
  return yearOptions(now).includes(asked) ? asked : thisYear(now);
}

/** `year` in the address unless it is this year (so the plain page has a plain address). */
export function paramsFromYear(year: number, now = new Date()): URLSearchParams {
  const params = new URLSearchParams();
  if (year !== thisYear(now)) params.set('year', String(year));
  return params;
}

// ---- Periods -------------------------------------------------------------------------------------------

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Period = CommissionReport['periods'][number];

/** A pay period on the chart's axis: `Jan A`, `Jan B` (key `2026-01-A`). */
export const periodTickOf = (key: string): string => `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(8)}`;

/** Its days: `Jan 1–15`, `Jan 16–31`. */
export const periodDays = (p: Pick<Period, 'from' | 'to'>): string =>
  `${MONTHS[Number(p.from.slice(5, 7)) - 1]} ${Number(p.from.slice(8, 10))}–${Number(p.to.slice(8, 10))}`;

/** A pay period as the tables say it: `Jan A (Jan 1–15)`. */
export const periodLabelOf = (p: Period): string => `${periodTickOf(p.key)} (${periodDays(p)})`;

export type PeriodState = 'Submitted' | 'Draft' | 'Not started';

export const periodState = (status: string | null): PeriodState =>
  status === 'SUBMITTED' ? 'Submitted' : status === 'DRAFT' ? 'Draft' : 'Not started';

export const submittedCount = (report: CommissionReport): number =>
  report.periods.filter((p) => p.status === 'SUBMITTED').length;

/** Whether the year pays any commission at all. */
export const hasCommission = (report: CommissionReport): boolean =>
  report.reps.length > 0 && (report.total.commission !== 0 || report.total.ordersPaid > 0);

// ---- Chart ---------------------------------------------------------------------------------------------

/** The chart stacks this many reps; the rest are folded into Other. */
export const CHART_REPS = 6;

const cents = (n: number) => Math.round(n * 100) / 100;

/** The bars: the top reps stacked, with Other adding up the rest of each period's total. */
export function commissionBars(report: CommissionReport): { title: string; values: number[] }[] {
  const top = report.reps.slice(0, CHART_REPS);
  const bars = top.map((r) => ({
    title: r.name,
    values: report.periods.map((_, i) => r.byPeriod[i]?.commission ?? 0),
  }));
  if (report.reps.length > CHART_REPS) {
    const other = report.periods.map((_, i) => {
      const shown = top.reduce((sum, r) => sum + (r.byPeriod[i]?.commission ?? 0), 0);
      return cents((report.byPeriod[i]?.commission ?? 0) - shown);
    });
    if (other.some((v) => v !== 0)) bars.push({ title: 'Other', values: other });
  }
  return bars;
}

// ---- Rows ----------------------------------------------------------------------------------------------

export interface RepRow {
  userId: string;
  name: string;
  commission: number;
  ordersPaid: number;
  /** Of the year's commission, 0..1 (0 when the year pays none). */
  share: number;
}

export const repRowsOf = (report: CommissionReport): RepRow[] =>
  report.reps.map((r) => ({
    userId: r.userId,
    name: r.name,
    commission: r.total.commission,
    ordersPaid: r.total.ordersPaid,
    share: report.total.commission ? r.total.commission / report.total.commission : 0,
  }));

export interface PeriodRow extends Period {
  order: number;
  label: string;
  state: PeriodState;
  commission: number;
  ordersPaid: number;
}

export const periodRowsOf = (report: CommissionReport): PeriodRow[] =>
  report.periods.map((p, i) => ({
    ...p,
    order: i,
    label: periodLabelOf(p),
    state: periodState(p.status),
    commission: report.byPeriod[i]?.commission ?? 0,
    ordersPaid: report.byPeriod[i]?.ordersPaid ?? 0,
  }));

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
export const formatShare = (share: number): string => percent.format(share);
