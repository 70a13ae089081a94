import type { PropertyFilterQuery } from '@cloudscape-design/collection-hooks';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import { absoluteRange, MAX_RANGE_DAYS, relativeRange, spanDays, type DateInterval } from '../format/date-ranges';

/** The date range of the lists read by date (orders, purchase orders, payments): its quick ranges and limits. */

export const RELATIVE_OPTIONS: DateRangePickerProps.RelativeOption[] = [
  { key: 'last-7-days', amount: 7, unit: 'day', type: 'relative' },
  { key: 'last-30-days', amount: 30, unit: 'day', type: 'relative' },
  { key: 'last-60-days', amount: 60, unit: 'day', type: 'relative' },
  { key: 'last-90-days', amount: 90, unit: 'day', type: 'relative' },
  { key: 'last-6-months', amount: 6, unit: 'month', type: 'relative' },
  { key: 'last-1-year', amount: 1, unit: 'year', type: 'relative' },
];

/** The picker's value as the instants `getByWeek` takes; null for an unreadable or empty range. */
export function rangeInterval(value: DateRangePickerProps.Value | null, now: Date): DateInterval | null {
  if (!value) return null;
  if (value.type === 'relative') return relativeRange(value.amount, value.unit, now);
  return absoluteRange(value.startDate, value.endDate);
}

export const TOO_WIDE = `Choose a range of at most ${MAX_RANGE_DAYS} days.`;

export const isValidRange: DateRangePickerProps.ValidationFunction = (range) => {
  if (!range) return { valid: false, errorMessage: 'Choose a date range.' };
  if (range.type === 'absolute') {
    if (!range.startDate || !range.endDate) return { valid: false, errorMessage: 'Choose a start and an end date.' };
    const interval = absoluteRange(range.startDate, range.endDate);
    if (!interval) return { valid: false, errorMessage: 'The end date must be on or after the start date.' };
    if (spanDays(interval) > MAX_RANGE_DAYS) return { valid: false, errorMessage: TOO_WIDE };
    return { valid: true };
  }
  if (spanDays(relativeRange(range.amount, range.unit, new Date())) > MAX_RANGE_DAYS)
    return { valid: false, errorMessage: TOO_WIDE };
  return { valid: true };
};

/** True when the property filter holds any token. */
export const isFiltering = (query: PropertyFilterQuery): boolean =>
  query.tokens.length > 0 || Boolean(query.tokenGroups?.length);
