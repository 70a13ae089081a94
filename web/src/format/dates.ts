/**
 * Dates as the whole app shows them: en-US with the month's short name, `Mar 5, 2025`, and with the time where
 * the moment matters, `Mar 5, 2025, 3:06 PM`. Lists, pickers, dialogs and the change log all use these.
 */

/** What a table cell or a field shows for a missing value. */
export const NO_VALUE = '-';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}/;
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dayAsWritten = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const instant = (value: string): Date | null => {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** An ISO instant (createdAt, modifiedOn) as the day it was in the user's time zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return NO_VALUE;
  const d = instant(value);
  return d ? date.format(d) : value;
}

/** An ISO instant with its time of day in the user's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return NO_VALUE;
  const d = instant(value);
  return d ? dateTime.format(d) : value;
}

/**
 * A calendar day (deliveryDate, receivedOn: `YYYY-MM-DD`, or an instant whose date part is meant) as written,
 * whatever the user's time zone.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return NO_VALUE;
  if (!CALENDAR_DAY.test(value)) return value;
  const d = instant(`${value.slice(0, 10)}T00:00:00Z`);
  return d ? dayAsWritten.format(d) : value;
}
