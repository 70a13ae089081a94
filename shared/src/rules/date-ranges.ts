/**
 * Ranges read over month partitions (orders and payments by month, issue 21 section 1). A loop over periods
 * runs an integer count computed from numeric times, never a comparison of date strings, and the count has
 * a hard maximum, so no input can make it run long.
 */

/** The widest range a route that reads month by month takes (orders by week, payments). */
export const MAX_RANGE_DAYS = 400;

/** The most months a range of MAX_RANGE_DAYS days can touch (property-tested): the cap of every month loop. */
export const MAX_RANGE_MONTHS = 15;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A number a Date can hold (ECMAScript's ±8.64e15 ms). */
const isTime = (t: number) => Number.isFinite(t) && Math.abs(t) <= 8.64e15;

/** The index of a time's UTC month: year × 12 + month (0–11). */
const monthIndex = (time: number) => {
  const d = new Date(time);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/**
 * The `YYYY-MM` months that the range from `start` to `end` (milliseconds, inclusive) touches, oldest first;
 * none for a reversed range. Undefined when that is more than `max` months or a bound is not a time, so a
 * caller refuses the range instead of looping over it.
 */
export function monthsTouched(start: number, end: number, max = MAX_RANGE_MONTHS): string[] | undefined {
  if (!isTime(start) || !isTime(end)) return undefined;
  if (start > end) return [];
  const first = monthIndex(start);
  const count = monthIndex(end) - first + 1;
  if (count > max) return undefined;
  return Array.from({ length: count }, (_, i) => {
    const index = first + i;
    return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
  });
}
