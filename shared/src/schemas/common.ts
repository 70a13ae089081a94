import { MAX_DOLLARS } from '../money';
import * as z from '../zod';

/** A trimmed, non-empty string of at most `max` characters: ids and other path segments. */
export const segment = (max = 128) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** Ids, numbers and SKUs in paths: letters, digits, '.', '_' and '-' only. */
export const pathId = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(128),
      z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, `${label} may only hold letters, digits, '.', '_' and '-'`),
    );

export const idParam = z.object({ id: z.string().check(z.trim(), z.minLength(1, 'id is required'), z.maxLength(128)) });
export type IdParam = z.infer<typeof idParam>;

/** Trimmed text of at most `max` characters; with `required`, that message when it is missing or blank. */
export const boundedText = (max: number, required?: string) =>
  z
    .string(required ? { error: required } : undefined)
    .check(
      z.trim(),
      ...(required ? [z.minLength(1, required)] : []),
      z.maxLength(max, `Must be at most ${max} characters`),
    );

/** The empty object: for routes without params, query or body. */
export const none = z.strictObject({});

/* ---------- Numbers ----------
 * Every number a request carries is one of these. Each is finite, bounded well inside ±2^53 (the SDK refuses
 * to marshal larger integers) and has a fixed number of decimals, so a non-zero value is never smaller than
 * 10^-places: DynamoDB stores numbers from 1e-130 to 1e125 with 38 digits, and every value here fits.
 */

/**
 * `value` has at most `places` decimals. Binary noise (0.1 + 0.2 = 0.30000000000000004) is forgiven,
 * relative to the value; a value that rounds to 0 must be 0, so 1e-131 is refused.
 */
export const hasAtMostDecimals = (value: number, places: number): boolean => {
  const scaled = value * 10 ** places;
  const whole = Math.round(scaled);
  return Math.abs(scaled - whole) <= Math.abs(whole) * 1e-9;
};

/** 1000000 → '1,000,000' without Intl, whose locale data would load in every Lambda's cold start. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const DECIMALS_MESSAGE: Readonly<Record<number, string>> = { 0: 'Must be a whole number', 2: 'At most two decimals' };

/** A finite number in [min, max] with at most `places` decimals (weights, rates, percentages, figures). */
export const decimal = (options: { min: number; max: number; places: number; error?: string }) =>
  z.number({ error: options.error ?? 'Must be a number' }).check(
    z.gte(options.min, options.min === 0 ? 'Must not be negative' : `Must be at least ${options.min}`),
    z.lte(options.max, `Must be at most ${grouped(options.max)}`),
    z.refine(
      (v) => hasAtMostDecimals(v, options.places),
      DECIMALS_MESSAGE[options.places] ?? `At most ${options.places} decimals`,
    ),
  );

/** Dollars on the wire: 0 to MAX_DOLLARS, two decimals at most; stored as integer cents. */
export const dollars = z.number({ error: 'Must be a number' }).check(
  z.gte(0, 'Must not be negative'),
  z.lte(MAX_DOLLARS, 'Too large'),
  z.refine((v) => hasAtMostDecimals(v, 2), 'At most two decimals'),
);

/** A whole number in [min, max] (quantities, stock, limits); `z.int` also keeps it a safe integer. */
export const wholeNumber = (min: number, max: number, messages: { type?: string; min?: string } = {}) =>
  z
    .number({ error: messages.type ?? 'Must be a whole number' })
    .check(
      z.int('Must be a whole number'),
      z.gte(min, messages.min ?? `Must be at least ${min}`),
      z.lte(max, `Must be at most ${grouped(max)}`),
    );

/** Grams, to the milligram. */
export const grams = (error = 'Weight must be a number of grams') =>
  decimal({ min: 0, max: 1_000_000, places: 3, error });
