import * as z from '../zod';
import { MAX_VALUATION_MONTHS_BACK, SLOW_MOVER_DAYS } from '../rules/reports/inventory';
import { FIRST_DAY, FIRST_YEAR, LAST_DAY, LAST_YEAR, parseWireDate, wireDates } from './dates';
import { underLimitLineSchema } from './dashboard';
import { reportBuildSchema } from './reports';

/**
 * Inventory and receivables reports (issue 25). Money in dollars, as everywhere on the wire; a stock's value
 * is `cost` (units × cost), stripped like every cost for roles that do not see costs.
 */

const ASOF_MESSAGE = `asOf must be a month, YYYY-MM (or a day of it, YYYY-MM-DD), from ${FIRST_YEAR} to ${LAST_YEAR}`;

/** A month inside the date window, or a real day of one (what `asOf`, `from` and `to` take). */
const isWindowMonth = (s: string): boolean =>
  s.slice(0, 7) >= FIRST_DAY.slice(0, 7) &&
  s.slice(0, 7) <= LAST_DAY.slice(0, 7) &&
  (s.length === 7 || typeof parseWireDate(s, 'day') !== 'string');

/**
 * A month (YYYY-MM) or any real day of it (YYYY-MM-DD), kept as the month; inside the date window. `mark`
 * registers it as a date of the route table (its message then names the window, as every date's does).
 */
const monthParam = (label: string, message: string, mark = false) => {
  const month = z.pipe(
    z
      .string({ error: message })
      .check(
        z.trim(),
        z.regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, message),
        z.refine(isWindowMonth, message),
      ),
    z.transform((s: string) => s.slice(0, 7)),
  );
  return z.optional(mark ? month.register(wireDates, { kind: 'month', label }) : month);
};

/** GET /db/reports/inventoryValuation?asOf=: now (no asOf) or at the end of a past month. */
export const inventoryValuationQuery = z.object({ asOf: monthParam('asOf', ASOF_MESSAGE, true) });
export type InventoryValuationQuery = z.infer<typeof inventoryValuationQuery>;

export const valuationAsOfMessages = {
  notPast: (current: string) => `asOf must be a month before this one (${current}); leave it out for now`,
  tooFarBack: (earliest: string) =>
    `A valuation looks back at most ${MAX_VALUATION_MONTHS_BACK} months: asOf must be ${earliest} or later`,
} as const;

export const valuationLineSchema = z.object({
  key: z.string(),
  label: z.string(),
  units: z.number(),
  products: z.number(),
  /** Units × cost, in dollars (roles that see costs). */
  cost: z.optional(z.number()),
});
export type ValuationLineWire = z.infer<typeof valuationLineSchema>;

export const inventoryValuationSchema = z.object({
  /** The month whose end this is (YYYY-MM), or null for now. */
  asOf: z.nullable(z.string()),
  /** The last day counted: the month's last day, or today. */
  through: z.string(),
  byBrand: z.array(valuationLineSchema),
  byType: z.array(valuationLineSchema),
  /** Brand × type (`key` brandId|typeId). */
  rows: z.array(valuationLineSchema),
  total: z.object({ units: z.number(), products: z.number(), cost: z.optional(z.number()) }),
  /** The first month whose movements were recorded: month ends before it count the units of that month's start. */
  recordedSince: z.nullable(z.string()),
  build: reportBuildSchema,
});
export type InventoryValuation = z.infer<typeof inventoryValuationSchema>;

const DAYS_MESSAGE = `days must be a whole number from ${SLOW_MOVER_DAYS.min} to ${SLOW_MOVER_DAYS.max}`;

/** GET /db/reports/slowMovers?days=&brand=: products in stock with no sale in `days` days. */
export const slowMoversQuery = z.object({
  days: z._default(
    z
      .pipe(z.string().check(z.regex(/^\d{1,3}$/, DAYS_MESSAGE)), z.transform(Number))
      .check(z.refine((n: number) => n >= SLOW_MOVER_DAYS.min && n <= SLOW_MOVER_DAYS.max, DAYS_MESSAGE)),
    SLOW_MOVER_DAYS.default,
  ),
  brand: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))),
});
export type SlowMoversQuery = z.infer<typeof slowMoversQuery>;

export const slowMoverSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  typeId: z.string(),
  typeName: z.string(),
  units: z.number(),
  cost: z.optional(z.number()),
  /** The last day it went out on an order, when that was inside the months looked at. */
  lastSold: z.optional(z.string()),
});

export const slowMoversSchema = z.object({
  days: z.number(),
  /** No sale on or after this day (YYYY-MM-DD). */
  since: z.string(),
  /** How many products are slow (the list holds the first 500 by value). */
  count: z.number(),
  units: z.number(),
  cost: z.optional(z.number()),
  products: z.array(slowMoverSchema),
  /** The first month whose sales were recorded: before it, "no sale" means none recorded. */
  recordedSince: z.nullable(z.string()),
  build: reportBuildSchema,
});
export type SlowMovers = z.infer<typeof slowMoversSchema>;

/** A limit line as the dashboard lists it (room = limit − stock: below 0 when over), with its status. */
export const stockLimitLineSchema = z.extend(underLimitLineSchema, {
  status: z.enum(['over', 'at', 'under']),
  products: z.number(),
});
export type StockLimitLine = z.infer<typeof stockLimitLineSchema>;

/** GET /db/reports/stockLimits: every brand, type and weight limit against the stock on hand. */
export const stockLimitsReportSchema = z.object({
  counts: z.object({ over: z.number(), at: z.number(), under: z.number() }),
  lines: z.array(stockLimitLineSchema),
  build: reportBuildSchema,
});
export type StockLimitsReport = z.infer<typeof stockLimitsReportSchema>;

/* ---------- Receivables ---------- */

/** GET /db/reports/receivables?from=&to=: months (YYYY-MM, default the last 12 to this one). */
const monthMessage = (label: string) =>
  `${label} must be a month, YYYY-MM (or a day of it, YYYY-MM-DD), from ${FIRST_YEAR} to ${LAST_YEAR}`;

export const receivablesReportQuery = z
  .object({
    from: monthParam('from', monthMessage('from'), true),
    to: monthParam('to', monthMessage('to'), true),
  })
  .check(
    z.check((payload) => {
      const { from, to } = payload.value;
      // The same words as every range's (orderedRange), which compares days, not months.
      if (from && to && from > to)
        payload.issues.push({
          code: 'custom',
          message: 'from must not be after to',
          path: ['from'],
          input: payload.value,
        });
    }),
  );
export type ReceivablesReportQuery = z.infer<typeof receivablesReportQuery>;

export const receivablesReportMessages = {
  future: (current: string) => `to must be this month (${current}) or earlier`,
  tooFarBack: (max: number, earliest: string) =>
    `A receivables report looks back at most ${max} months: from must be ${earliest} or later`,
} as const;
export const MAX_RECEIVABLE_MONTHS = 120;

export const receivablesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The ageing today (as the Receivables page): what is owed by days since the order. */
  ageing: z.object({
    asOf: z.string(),
    customers: z.number(),
    balanceDue: z.number(),
    days0to30: z.number(),
    days31to60: z.number(),
    days61to90: z.number(),
    over90: z.number(),
  }),
  /** Per month: invoiced, received, credited (dollars), owed at its end and days sales outstanding. */
  months: z.array(
    z.object({
      month: z.string(),
      invoiced: z.number(),
      received: z.number(),
      credited: z.number(),
      balance: z.number(),
      dso: z.nullable(z.number()),
    }),
  ),
  build: reportBuildSchema,
});
export type ReceivablesReport = z.infer<typeof receivablesReportSchema>;
