import { dateMessage, FIRST_DAY, LAST_DAY, parseWireDate } from '@bo/shared';
import { calendarDay, type DateInterval } from '../format/date-ranges';

/**
 * The shared date rule (`shared/src/schemas/dates.ts`) at the date pickers: a calendar offers only the days the
 * API takes, and a typed date the API would refuse is shown as an error and stops the form from sending.
 */

/** `isDateEnabled` of every date picker: the days inside the window. */
export const isDayOffered = (date: Date): boolean => typeof parseWireDate(calendarDay(date), 'day') !== 'string';

/** `dateDisabledReason` of every date picker. */
export const dayNotOfferedReason = (date: Date): string =>
  isDayOffered(date) ? '' : `Dates from ${FIRST_DAY} to ${LAST_DAY} only`;

/** Why the API would refuse a picked or typed day, naming the field; undefined when it takes it, or when empty. */
export function dayError(label: string, day: string): string | undefined {
  if (day === '') return undefined;
  const parsed = parseWireDate(day, 'day');
  return typeof parsed === 'string' ? dateMessage(label, 'day', parsed) : undefined;
}

/** A list's range as the instants it sends, refused when either end falls outside the window. */
export const intervalInWindow = (interval: DateInterval): boolean =>
  [interval.from, interval.to].every((instant) => typeof parseWireDate(instant, 'instant') !== 'string');

export const OUTSIDE_WINDOW = `Choose dates from ${FIRST_DAY} to ${LAST_DAY}.`;
