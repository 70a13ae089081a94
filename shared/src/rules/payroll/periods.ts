/**
 * Half-month pay periods (issue 14; spec section 9): `A` is the 1st to the 15th, `B` the 16th to the end of
 * the month. Months are 1–12 on the wire and in storage; the date pickers' months are zero-based and are
 * converted at the screen (`monthFromPicker`).
 */

export const PAY_PERIODS = ['A', 'B'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];

/** One half-month: the year, the month 1–12 and the half. */
export interface PeriodRef {
  year: number;
  month: number;
  payPeriod: PayPeriod;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Days in a month (1–12) of a year (UTC calendar). */
export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first and last calendar day (YYYY-MM-DD) of a pay period. */
export function periodBounds({ year, month, payPeriod }: PeriodRef): { first: string; last: string } {
  const ym = `${year}-${pad(month)}`;
  return payPeriod === 'A'
    ? { first: `${ym}-01`, last: `${ym}-15` }
    : { first: `${ym}-16`, last: `${ym}-${pad(daysInMonth(year, month))}` };
}

/** The spec's labels: '(1st - 15th)' for A, '(16th - EOM)' for B. */
export const periodLabel = (payPeriod: PayPeriod): string => (payPeriod === 'A' ? '(1st - 15th)' : '(16th - EOM)');

/** The period a calendar day (YYYY-MM-DD or an ISO date-time, UTC) falls in. */
export function periodOf(day: string): PeriodRef {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  return { year, month, payPeriod: date <= 15 ? 'A' : 'B' };
}

/** A stable key of a period, `2026-11-A`: sorts by time. */
export const periodKey = ({ year, month, payPeriod }: PeriodRef): string => `${year}-${pad(month)}-${payPeriod}`;

/** A date picker's zero-based month (0 = January) as the 1–12 the API takes. */
export const monthFromPicker = (zeroBased: number): number => zeroBased + 1;

/** The 1–12 month as a date picker's zero-based one. */
export const monthToPicker = (month: number): number => month - 1;

/** The period before and after (B of the previous month before A; A of the next month after B). */
export function adjacentPeriod(ref: PeriodRef, step: 1 | -1): PeriodRef {
  if (step === 1) {
    if (ref.payPeriod === 'A') return { ...ref, payPeriod: 'B' };
    return ref.month === 12
      ? { year: ref.year + 1, month: 1, payPeriod: 'A' }
      : { year: ref.year, month: ref.month + 1, payPeriod: 'A' };
  }
  if (ref.payPeriod === 'B') return { ...ref, payPeriod: 'A' };
  return ref.month === 1
    ? { year: ref.year - 1, month: 12, payPeriod: 'B' }
    : { year: ref.year, month: ref.month - 1, payPeriod: 'B' };
}
