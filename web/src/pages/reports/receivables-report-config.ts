import { MAX_RECEIVABLE_MONTHS, type ReceivablesReport } from '@bo/shared';
import { PAGES } from '../../access/pages';
import { addMonths, isMonth, monthDays, ordersPageHref, periodLabel, thisMonth } from './report-common';

/** The Receivables report (issue 25): its months in the address, texts, rows and columns. */

export const RECEIVABLES_REPORT_TEXT = {
  title: 'Receivables & DSO',
  description:
    'What customers owe today by age, and per month what was invoiced, received and credited, what was owed at its end and the days sales outstanding.',
  loading: 'Loading the receivables report',
  error: 'The receivables report could not be loaded',
  empty: 'No months in this range',
  emptyDescription: 'Choose a range of months.',
  ageing: 'Owed today by age',
  seeCustomers: 'See customers',
  dsoChart: 'Days sales outstanding',
  balanceChart: 'Owed at month end',
  tableTitle: 'By month',
  download: 'Download .xlsx',
  downloadFailed: 'The spreadsheet could not be built. Try again.',
} as const;

/** Where each customer's balance is listed (the Receivables page). */
export const RECEIVABLES_HREF = PAGES.receivables.path;

/** The months the page offers, the latest first: this month back to the API's longest range. */
export const monthOptions = (now = new Date()): string[] =>
  Array.from({ length: MAX_RECEIVABLE_MONTHS }, (_, i) => addMonths(thisMonth(now), -i));

/** The last 12 months to this one. */
export const defaultMonths = (now = new Date()): { from: string; to: string } => ({
  from: addMonths(thisMonth(now), -11),
  to: thisMonth(now),
});

/** The months an address asks for (each one the page offers), else the default. */
export function monthsFromParams(params: URLSearchParams, now = new Date()): { from: string; to: string } {
  const offered = monthOptions(now);
  const fallback = defaultMonths(now);
  const from = params.get('from');
  const to = params.get('to');
  return {
    from: isMonth(from) && offered.includes(from) ? from : fallback.from,
    to: isMonth(to) && offered.includes(to) ? to : fallback.to,
  };
}

/** `from` and `to` in the address unless they are the default. */
export function paramsFromMonths(months: { from: string; to: string }, now = new Date()): URLSearchParams {
  const params = new URLSearchParams();
  const fallback = defaultMonths(now);
  if (months.from !== fallback.from || months.to !== fallback.to) {
    params.set('from', months.from);
    params.set('to', months.to);
  }
  return params;
}

/** Why the API would refuse these months (in its own words); undefined if fine. */
export const monthsProblem = (months: { from: string; to: string }): { message: string } | undefined =>
  months.from > months.to ? { message: 'The From month must be on or before the To month.' } : undefined;

export type ReceivablesMonth = ReceivablesReport['months'][number];

/** The Orders page over a month's days. */
export const monthOrdersHref = (month: string): string => ordersPageHref(monthDays(month));

/** `12.3 days`, or — when there is nothing to divide by. */
export const formatDso = (dso: number | null): string =>
  dso === null ? '—' : `${dso.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} days`;

/** A month on the chart's axis: `Oct 2026`. */
export const monthTick = (month: string): string => periodLabel(month, 'month');

/** What was invoiced, received and credited over the months. */
export function monthTotals(months: readonly ReceivablesMonth[]) {
  const cents = (pick: (m: ReceivablesMonth) => number) =>
    months.reduce((sum, m) => sum + Math.round(pick(m) * 100), 0) / 100;
  return { invoiced: cents((m) => m.invoiced), received: cents((m) => m.received), credited: cents((m) => m.credited) };
}
