import {
  DAY_MS,
  MAX_RANGE_DAYS,
  dateMessage,
  isRangeTooWide,
  monthsTouched,
  parseWireDate,
  rangeTooWideMessage,
} from '@bo/shared';
import { BadRequestError } from '../domain';
import { sharedLimit } from './map-limit';

/**
 * Range bounds as the data layer reads them. The route schemas already hold every bound to the shared date
 * rule; these checks repeat it for callers that did not come through a schema, so a bad bound is a 400 here
 * too and never reaches a Query or a loop.
 */

/** A bound as a sortable ISO instant (a day as `to` ends at its last millisecond); 400 when not a date. */
export function boundInstant(value: string, label: string, end = false): string {
  const date = parseWireDate(value, 'dayOrInstant');
  if (typeof date === 'string') throw new BadRequestError(dateMessage(label, 'dayOrInstant', date));
  return new Date(end ? date.end : date.start).toISOString();
}

/** Today's calendar day in UTC (YYYY-MM-DD): the day the ranges' defaults count from. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** A day `days` before `day` (YYYY-MM-DD). */
export const daysBefore = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The `YYYY-MM` partitions a range reads, one Query each: 400 when it is wider than MAX_RANGE_DAYS, so a
 * request makes at most MAX_RANGE_MONTHS Queries.
 */
export function monthPartitions(from: string, to: string, keys: { from: string; to: string }): string[] {
  const start = Date.parse(boundInstant(from, keys.from));
  const end = Date.parse(boundInstant(to, keys.to, true));
  const tooWide = new BadRequestError(rangeTooWideMessage(keys.from, keys.to, MAX_RANGE_DAYS));
  if (isRangeTooWide(start, end, MAX_RANGE_DAYS)) throw tooWide;
  const months = monthsTouched(start, end);
  if (!months) throw tooWide;
  return months;
}

/**
 * Month Queries run one at a time per process, across every request. In Lambda a process serves one request,
 * so a range's Queries (at most MAX_RANGE_MONTHS; the default 90 days reads 4) follow one another. Where one
 * process serves many requests (the local gateway), wide ranges then keep at most one Query in front of any
 * other request's DynamoDB call: with 20 of the widest at once, /api/health stayed as fast as on the idle
 * machine, where two at a time already showed (tests/api/health-under-load.test.ts; figures in docs/benchmarks.md).
 */
export const MONTH_READS_AT_ONCE = 1;
const monthRead = sharedLimit(MONTH_READS_AT_ONCE);

/** Reads each month through the shared pool of MONTH_READS_AT_ONCE; results in the months' order. */
export const readMonths = <R>(months: readonly string[], read: (month: string) => Promise<R>): Promise<R[]> =>
  Promise.all(months.map((month) => monthRead(() => read(month))));
