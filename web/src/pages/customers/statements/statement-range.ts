import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import { MAX_RANGE_DAYS } from '@bo/shared';
import { dayError, dayNotOfferedReason, isDayOffered } from '../../../components/date-window';
import { calendarDay } from '../../../format/date-ranges';

/**
 * A statement's period (`customers.getStatement`'s `from` and `to`, calendar days): absolute ranges only, ending
 * today at the latest, at most MAX_RANGE_DAYS days (the API's limit, both days counted); the last 30 days by
 * default.
 */

export const DEFAULT_STATEMENT_DAYS = 30;

export interface StatementPeriod {
  /** YYYY-MM-DD, the first day. */
  from: string;
  /** YYYY-MM-DD, the last day. */
  to: string;
}

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The last 30 days, today (in the browser's time zone) included. */
export function defaultStatementRange(now: Date = new Date()): DateRangePickerProps.AbsoluteValue {
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DEFAULT_STATEMENT_DAYS - 1));
  return { type: 'absolute', startDate: calendarDay(first), endDate: calendarDay(now) };
}

/** Calendar days from `from` to `to`, both counted. */
const daysCounted = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** Why the API (or the rule "today at most") would refuse this range; undefined when it is a good period. */
export function statementRangeProblem(
  value: DateRangePickerProps.Value | null,
  now: Date = new Date(),
): string | undefined {
  if (!value || value.type !== 'absolute' || !value.startDate || !value.endDate)
    return 'Choose a start and an end date.';
  const from = value.startDate.slice(0, 10);
  const to = value.endDate.slice(0, 10);
  if (!DAY.test(from) || !DAY.test(to)) return 'Choose a start and an end date.';
  const outside = dayError('The start date', from) ?? dayError('The end date', to);
  if (outside) return outside;
  if (from > to) return 'The end date must be on or after the start date.';
  if (to > calendarDay(now)) return 'The end date can be today at the latest.';
  if (daysCounted(from, to) > MAX_RANGE_DAYS) return `Choose a period of at most ${MAX_RANGE_DAYS} days.`;
  return undefined;
}

/** The picker's value as the route's `from` and `to`; null for a range the API would refuse. */
export function statementPeriod(
  value: DateRangePickerProps.Value | null,
  now: Date = new Date(),
): StatementPeriod | null {
  if (statementRangeProblem(value, now) || value?.type !== 'absolute') return null;
  return { from: value.startDate.slice(0, 10), to: value.endDate.slice(0, 10) };
}

export const isValidStatementRange: DateRangePickerProps.ValidationFunction = (value) => {
  const problem = statementRangeProblem(value);
  return problem ? { valid: false, errorMessage: problem } : { valid: true };
};

/** The calendar offers the days the API takes, up to today. */
export const isStatementDayEnabled = (date: Date): boolean =>
  isDayOffered(date) && calendarDay(date) <= calendarDay(new Date());

export const statementDayDisabledReason = (date: Date): string =>
  isDayOffered(date) ? (isStatementDayEnabled(date) ? '' : 'Up to today only') : dayNotOfferedReason(date);
