import type { PropertyFilterQuery } from '@cloudscape-design/collection-hooks';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import { MAX_RANGE_DAYS } from '@bo/shared';
import { absoluteRange, relativeRange, spanDays, type DateInterval } from '../format/date-ranges';
import { intervalInWindow, OUTSIDE_WINDOW } from './date-window';

/** The date range of the lists read by date (orders, purchase orders, payments): its quick ranges and limits. */

export const RELATIVE_OPTIONS: DateRangePickerProps.RelativeOption[] = [
  { key: 'last-7-days', amount: 7, unit: 'day', type: 'relative' },
  { key: 'last-30-days', amount: 30, unit: 'day', type: 'relative' },
  { key: 'last-60-days', amount: 60, unit: 'day', type: 'relative' },
  { key: 'last-90-days', amount: 90, unit: 'day', type: 'relative' },
  { key: 'last-6-months', amount: 6, unit: 'month', type: 'relative' },
  { key: 'last-1-year', amount: 1, unit: 'year', type: 'relative' },
];

export const TOO_WIDE = `Choose a range of at most ${MAX_RANGE_DAYS} days.`;

/** What the lists send for a range must pass the API's checks: at most MAX_RANGE_DAYS, inside the date window. */
const intervalProblem = (interval: DateInterval): string | undefined => {
  if (spanDays(interval) > MAX_RANGE_DAYS) return TOO_WIDE;
  if (!intervalInWindow(interval)) return OUTSIDE_WINDOW;
  return undefined;
};

/**
 * The picker's value as the instants `getByWeek` takes; null for an unreadable or empty range, and for one the
 * API would refuse (a saved view's range from before the window), so it is never sent.
 */
export function rangeInterval(value: DateRangePickerProps.Value | null, now: Date): DateInterval | null {
  if (!value) return null;
  const interval =
    value.type === 'relative'
      ? relativeRange(value.amount, value.unit, now)
      : absoluteRange(value.startDate, value.endDate);
  return interval && !intervalProblem(interval) ? interval : null;
}

export const isValidRange: DateRangePickerProps.ValidationFunction = (range) => {
  if (!range) return { valid: false, errorMessage: 'Choose a date range.' };
  let interval: DateInterval | null;
  if (range.type === 'absolute') {
    if (!range.startDate || !range.endDate) return { valid: false, errorMessage: 'Choose a start and an end date.' };
    interval = absoluteRange(range.startDate, range.endDate);
    if (!interval) return { valid: false, errorMessage: 'The end date must be on or after the start date.' };
  } else interval = relativeRange(range.amount, range.unit, new Date());
  const problem = intervalProblem(interval);
  return problem ? { valid: false, errorMessage: problem } : { valid: true };
};

/** True when the property filter holds any token. */
export const isFiltering = (query: PropertyFilterQuery): boolean =>
  query.tokens.length > 0 || Boolean(query.tokenGroups?.length);
