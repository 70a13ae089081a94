import { addMonths } from '@bo/shared';

/**
 * How a rebuild (and the purge of an old generation) walks the records: month by month back from now, a page at a
 * time, until EMPTY_MONTHS_TO_STOP months in a row held nothing (or the walk passed FIRST_MONTH).
 */

/** A walk goes back month by month until this many months in a row had nothing (or 2000). */
export const EMPTY_MONTHS_TO_STOP = 24;
export const FIRST_MONTH = '2000-01';

/** The month before a YYYY-MM month. */
export const monthBefore = (month: string): string => addMonths(`${month}-01`, -1).slice(0, 7);

/** Whether a walk back month by month is over: enough empty months in a row, or before 2000. */
export const walkedBack = (w: { emptyMonths: number; month: string }): boolean =>
  w.emptyMonths >= EMPTY_MONTHS_TO_STOP || w.month < FIRST_MONTH;

/** Where a month walk goes after a page: the next page, or the month before (counting it if it was empty). */
export const walkOn = <W extends { month: string; cursor: string | null; emptyMonths: number }>(
  w: W,
  found: number,
  cursor: string | null,
): W =>
  cursor === null
    ? {
        ...w,
        month: monthBefore(w.month),
        cursor: null,
        emptyMonths: w.cursor === null && found === 0 ? w.emptyMonths + 1 : 0,
      }
    : { ...w, cursor };
