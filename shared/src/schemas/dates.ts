import * as z from '../zod';

/**
 * The one rule for every date and date-time on the wire: path, query and body (issue 21, section 1).
 *
 * A value is a calendar day (`2026-03-05`, a day that exists), an instant (`2026-03-05T14:30:00Z`, ISO 8601
 * with `Z` or an offset from -12:00 to +14:00; seconds and up to nine decimals optional), or, where a route takes
 * either, one of the two; and it falls in the window, 2000-01-01T00:00:00.000Z through
 * 2099-12-31T23:59:59.999Z inclusive. Years have four digits (no `+010000` or `-000001`), months and days exist
 * (no 2026-02-30 rolled into March), hours, minutes and seconds are in range. Anything else is refused with a
 * message naming the field and the window. The window keeps every stored date four-digit, so date strings sort
 * as times and `YYYY-MM` partition keys stay short, and it bounds every loop a range can drive.
 */

export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2099;
export const DAY_MS = 86_400_000;
/** The first and the last millisecond of the window. */
export const WINDOW_START_MS = Date.UTC(FIRST_YEAR, 0, 1);
export const WINDOW_END_MS = Date.UTC(LAST_YEAR + 1, 0, 1) - 1;

/** What a field takes: a calendar day, an instant, or either. */
export type DateShape = 'day' | 'instant' | 'dayOrInstant';

/** A date that passed the rule. */
export interface WireDate {
  shape: 'day' | 'instant';
  /** The calendar day as written (an instant's own date, before any offset is applied). */
  day: string;
  /** The first and last millisecond it stands for: a day from 00:00:00.000Z to 23:59:59.999Z; an instant, itself. */
  start: number;
  end: number;
}

/** Why a value was refused: not of the shape, not a real date or time, or outside the window. */
export type DateProblem = 'shape' | 'unreal' | 'window';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthLength = (y: number, m: number) => (m === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[m - 1]!);
const isRealDay = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= monthLength(y, m);

/** Midnight UTC of a day, by arithmetic (Date.UTC would read years 0–99 as 1900–1999). */
const dayStart = (y: number, m: number, d: number) => new Date(0).setUTCFullYear(y, m - 1, d);

const inWindow = (start: number, end: number) => start >= WINDOW_START_MS && end <= WINDOW_END_MS;

/**
 * The rule itself, as a pure function: the date `value` stands for, or why it is refused. Only strings of the
 * shapes above are read; nothing is handed to `Date.parse`, which takes expanded years and rolls days over.
 */
export function parseWireDate(value: unknown, shape: DateShape = 'dayOrInstant'): WireDate | DateProblem {
  if (typeof value !== 'string') return 'shape';
  const day = shape === 'instant' ? null : DAY.exec(value);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (!isRealDay(y, m, d)) return 'unreal';
    const start = dayStart(y, m, d);
    const end = start + DAY_MS - 1;
    return inWindow(start, end) ? { shape: 'day', day: value, start, end } : 'window';
  }
  const instant = shape === 'day' ? null : INSTANT.exec(value);
  if (!instant) return 'shape';
  const [y, m, d, hh, mm, ss, , , offsetH, offsetM] = instant.slice(1).map((part) => Number(part ?? 0)) as number[];
  const ms = Math.floor(Number(`0${instant[7] ?? ''}`) * 1000);
  const offset = (instant[8] === '-' ? -1 : 1) * (offsetH! * 60 + offsetM!);
  const realTime = hh! <= 23 && mm! <= 59 && ss! <= 59 && offsetM! <= 59;
  if (!isRealDay(y!, m!, d!) || !realTime || offset < -12 * 60 || offset > 14 * 60) return 'unreal';
  const time = dayStart(y!, m!, d!) + ((hh! * 60 + mm! - offset) * 60 + ss!) * 1000 + ms;
  return inWindow(time, time) ? { shape: 'instant', day: value.slice(0, 10), start: time, end: time } : 'window';
}

const WINDOW_TEXT = `${FIRST_DAY} and ${LAST_DAY}`;
const EXPECTED: Readonly<Record<DateShape, string>> = {
  day: 'a date (YYYY-MM-DD)',
  instant: 'a date-time with Z or an offset (2026-03-05T14:30:00Z)',
  dayOrInstant: 'a date (YYYY-MM-DD) or a date-time with Z or an offset',
};

/** The 400 message of a refused date: names the field (`label`) and the window. */
export function dateMessage(label: string, shape: DateShape, problem: DateProblem): string {
  const window = shape === 'day' ? `between ${WINDOW_TEXT}` : `between ${WINDOW_TEXT} (UTC)`;
  if (problem === 'shape') return `${label} must be ${EXPECTED[shape]} ${window}`;
  if (problem === 'unreal')
    return `${label} must be a real ${shape === 'instant' ? 'date and time' : 'date'} ${window}`;
  return `${label} must be ${window}`;
}

/** What a date field takes, kept beside its schema so a walk of the route table finds every date (tests). */
export interface WireDateMeta {
  /** `month`: a month (YYYY-MM) or a day of it, kept as the month (the inventory valuation's `asOf`). */
  kind: DateShape | 'year' | 'month';
  label: string;
}
export const wireDates = z.registry<WireDateMeta>();

/** The date rule of a schema (through optional/nullable/default wrappers), when it is a date field. */
export function wireDateOf(schema: z.ZodMiniType): WireDateMeta | undefined {
  const own = wireDates.get(schema);
  if (own) return own;
  const inner = (schema as unknown as { _zod: { def: { innerType?: z.ZodMiniType } } })._zod.def.innerType;
  return inner ? wireDateOf(inner) : undefined;
}

const dateString = (label: string, shape: DateShape, required?: string) =>
  z.string({ error: (issue) => (issue.input === undefined && required) || dateMessage(label, shape, 'shape') }).check(
    z.trim(),
    z.check<string>((payload) => {
      const parsed = parseWireDate(payload.value, shape);
      if (typeof parsed === 'string')
        payload.issues.push({ code: 'custom', message: dateMessage(label, shape, parsed), input: payload.value });
    }),
  );

/**
 * A date field kept as sent (trimmed): range bounds, a batch's `receivedOn`, the `modifiedOn` a client sends
 * back. `label` names the field in the message; `required` is the message when it is missing.
 */
export const wireDate = (label: string, shape: DateShape, options: { required?: string } = {}) =>
  dateString(label, shape, options.required).register(wireDates, { kind: shape, label });

/** A calendar day that also takes a date-time and keeps its day as written (delivery dates, payment dates). */
export const calendarDay = (label: string, options: { required?: string } = {}) =>
  z
    .pipe(
      dateString(label, 'dayOrInstant', options.required),
      z.transform((s: string) => s.slice(0, 10)),
    )
    .register(wireDates, { kind: 'dayOrInstant', label });

/** A year in a path (`{year}` of the payroll routes): four digits, inside the window; a number after parsing. */
export const windowYear = (label = 'Year') => {
  const message = `${label} must be a year from ${FIRST_YEAR} to ${LAST_YEAR}`;
  return z
    .pipe(
      z.string({ error: message }).check(z.trim(), z.regex(/^\d{4}$/, message)),
      z.transform((s: string) => Number(s)),
    )
    .check(z.refine((y: number) => y >= FIRST_YEAR && y <= LAST_YEAR, message))
    .register(wireDates, { kind: 'year', label });
};

/* ---------- Ranges ---------- */

/** The first and last millisecond of a range bound (a day or an instant in the window), or undefined. */
export function boundTimes(value: unknown): { start: number; end: number } | undefined {
  const parsed = parseWireDate(value, 'dayOrInstant');
  return typeof parsed === 'string' ? undefined : parsed;
}

/** The 400 message of a range wider than a route takes. */
export const rangeTooWideMessage = (fromKey: string, toKey: string, maxDays: number) =>
  `The range from ${fromKey} to ${toKey} can be at most ${maxDays} days`;

/** Whether a range from `start` to `end` (milliseconds) spans more than `maxDays` days. */
export const isRangeTooWide = (start: number, end: number, maxDays: number) => end - start > maxDays * DAY_MS;

/**
 * The one check of every from/to range: refuses `from` after `to` (each a day or an instant; a day as `to`
 * ends at its last millisecond), naming the two fields, and, given `maxDays`, a range wider than that.
 * Bounds that are not dates are left to the fields' own checks.
 */
export const orderedRange = <T extends object>(
  fromKey: keyof T & string,
  toKey: keyof T & string,
  options: { maxDays?: number } = {},
) =>
  z.check<T>((payload) => {
    const from = boundTimes(payload.value[fromKey]);
    const to = boundTimes(payload.value[toKey]);
    if (!from || !to) return;
    const fail = (message: string, key: string) =>
      payload.issues.push({ code: 'custom', message, path: [key], input: payload.value });
    if (from.start > to.end) fail(`${fromKey} must not be after ${toKey}`, fromKey);
    else if (options.maxDays !== undefined && isRangeTooWide(from.start, to.end, options.maxDays))
      fail(rangeTooWideMessage(fromKey, toKey, options.maxDays), toKey);
  });
