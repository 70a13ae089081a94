import * as z from '../zod';
import { orderedRange, windowYear, wireDate } from './dates';
import {
  COMPARISONS,
  CUSTOMER_SPLIT_MESSAGE,
  customerSplitAllowed,
  MAX_REPORT_POINTS,
  REPORT_INTERVALS,
  pointCount,
  tooManyPointsMessage,
} from '../rules/reports/periods';
import { SALES_DIMENSIONS, type SalesDimension } from '../rules/reports/sales';

/** Reports (issue 25). Money in dollars, as everywhere on the wire. */

const key = z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(128)));

/** Series with their points in one report; the rest are added up as `others`. */
export const MAX_REPORT_SERIES = 500;
export const DEFAULT_REPORT_SERIES = 50;

/** `limit`: how many series get their points (default 50, at most 500). */
const seriesLimit = z._default(
  z
    .pipe(
      z.string().check(z.regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${MAX_REPORT_SERIES}`)),
      z.transform(Number),
    )
    .check(
      z.refine(
        (n: number) => n >= 1 && n <= MAX_REPORT_SERIES,
        `limit must be a whole number from 1 to ${MAX_REPORT_SERIES}`,
      ),
    ),
  DEFAULT_REPORT_SERIES,
);

/**
 * GET /db/reports/sales: a range of days (`from`, `to`), an interval (default month), what to split by
 * (`groupBy`), at most one filter (a dimension's key), a comparison, and how many series to give points for.
 */
export const salesReportQuery = z
  .object({
    from: wireDate('from', 'day', { required: 'from is required' }),
    to: wireDate('to', 'day', { required: 'to is required' }),
    interval: z._default(
      z.enum(REPORT_INTERVALS, { error: `interval must be one of ${REPORT_INTERVALS.join(', ')}` }),
      'month',
    ),
    groupBy: z.optional(z.enum(SALES_DIMENSIONS, { error: `groupBy must be one of ${SALES_DIMENSIONS.join(', ')}` })),
    rep: key,
    customer: key,
    customerType: key,
    brand: key,
    productType: key,
    compare: z.optional(z.enum(COMPARISONS, { error: `compare must be one of ${COMPARISONS.join(', ')}` })),
    limit: seriesLimit,
  })
  .check(
    orderedRange('from', 'to'),
    z.check((payload) => {
      const q = payload.value;
      const fail = (message: string, path: string) =>
        payload.issues.push({ code: 'custom', message, path: [path], input: q });
      if (filtersOf(q).length > 1) fail('Filter by one dimension at a time', filtersOf(q)[1]!.dimension);
      if (q.groupBy === 'customer' && !customerSplitAllowed(q.interval)) fail(CUSTOMER_SPLIT_MESSAGE, 'interval');
      if (!q.from || !q.to || q.from > q.to) return;
      const points = pointCount(q.from, q.to, q.interval);
      if (points > MAX_REPORT_POINTS) fail(tooManyPointsMessage(points, q.interval), 'interval');
    }),
  );
export type SalesReportQuery = z.infer<typeof salesReportQuery>;

/** The filters a query sets, in dimension order. */
export const filtersOf = (q: Partial<Record<SalesDimension, string | undefined>>) =>
  SALES_DIMENSIONS.filter((d) => q[d] !== undefined).map((dimension) => ({ dimension, key: q[dimension]! }));

/** Figures of a period or a series: cost, profit and margin only for roles that see costs (redacted otherwise). */
export const salesFiguresSchema = z.object({
  revenue: z.number(),
  units: z.number(),
  orders: z.number(),
  cost: z.optional(z.number()),
  profit: z.optional(z.number()),
  /** Profit as a percentage of revenue (one decimal); null without revenue. */
  margin: z.optional(z.nullable(z.number())),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

const periodSchema = z.object({ key: z.string(), from: z.string(), to: z.string() });

export const salesSeriesSchema = z.object({
  key: z.string(),
  label: z.string(),
  total: salesFiguresSchema,
  /** One per period, in the periods' order. */
  points: z.array(salesFiguresSchema),
});
export type SalesSeries = z.infer<typeof salesSeriesSchema>;

export const reportBuildSchema = z.object({
  /** When the figures read were last rebuilt from the records (absent: kept from the stream since the start). */
  builtAt: z.optional(z.string()),
  /** A rebuild under way: orders recomputed so far and the month it is at. */
  rebuilding: z.optional(z.object({ orders: z.number(), month: z.string(), startedAt: z.string() })),
  /** Brands excluded from reporting that these figures leave out. */
  excludedBrands: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Brands whose "Exclude from reporting" changed since the figures were built: a rebuild applies it. */
  exclusionChanged: z.boolean(),
});
export type ReportBuild = z.infer<typeof reportBuildSchema>;

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(REPORT_INTERVALS),
  groupBy: z.nullable(z.enum(SALES_DIMENSIONS)),
  filter: z.nullable(z.object({ dimension: z.enum(SALES_DIMENSIONS), key: z.string(), label: z.string() })),
  periods: z.array(periodSchema),
  total: salesFiguresSchema,
  points: z.array(salesFiguresSchema),
  series: z.array(salesSeriesSchema),
  /** Series past `limit` (the smallest by revenue), added up. */
  others: z.object({ count: z.number(), total: salesFiguresSchema }),
  compare: z.optional(
    z.object({
      kind: z.enum(COMPARISONS),
      from: z.string(),
      to: z.string(),
      total: salesFiguresSchema,
      points: z.array(salesFiguresSchema),
      /** Each series' total over the compared range, by key. */
      series: z.record(z.string(), salesFiguresSchema),
    }),
  ),
  build: reportBuildSchema,
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/** GET /db/reports/status and POST /db/reports/rebuild: the figures' build and the last rebuild. */
export const reportStatusSchema = z.extend(reportBuildSchema, {
  lastRebuild: z.optional(
    z.object({ orders: z.number(), ms: z.number(), finishedAt: z.string(), by: z.optional(z.string()) }),
  ),
});
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/* ---------- Purchasing ---------- */

export const PURCHASE_REPORT_INTERVALS = ['month', 'quarter'] as const;
export const PURCHASE_GROUPS = ['brand', 'productType'] as const;

/** GET /db/reports/purchases: months or quarters of a range, split by brand or product type, one brand at most. */
export const purchasesReportQuery = z
  .object({
    from: wireDate('from', 'day', { required: 'from is required' }),
    to: wireDate('to', 'day', { required: 'to is required' }),
    interval: z._default(
      z.enum(PURCHASE_REPORT_INTERVALS, { error: `interval must be one of ${PURCHASE_REPORT_INTERVALS.join(', ')}` }),
      'month',
    ),
    groupBy: z.optional(z.enum(PURCHASE_GROUPS, { error: `groupBy must be one of ${PURCHASE_GROUPS.join(', ')}` })),
    brand: key,
    limit: seriesLimit,
  })
  .check(
    orderedRange('from', 'to'),
    z.check((payload) => {
      const q = payload.value;
      if (!q.from || !q.to || q.from > q.to) return;
      const points = pointCount(q.from, q.to, q.interval);
      if (points > MAX_REPORT_POINTS)
        payload.issues.push({
          code: 'custom',
          message: tooManyPointsMessage(points, q.interval),
          path: ['interval'],
          input: q,
        });
    }),
  );
export type PurchasesReportQuery = z.infer<typeof purchasesReportQuery>;

/** Spend is `cost` (what the goods cost us): stripped, as every cost, for roles that do not see costs. */
export const purchaseFiguresSchema = z.object({ units: z.number(), orders: z.number(), cost: z.optional(z.number()) });
export type PurchaseFigures = z.infer<typeof purchaseFiguresSchema>;

export const purchasesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(PURCHASE_REPORT_INTERVALS),
  groupBy: z.nullable(z.enum(PURCHASE_GROUPS)),
  filter: z.nullable(z.object({ dimension: z.literal('brand'), key: z.string(), label: z.string() })),
  periods: z.array(periodSchema),
  total: purchaseFiguresSchema,
  points: z.array(purchaseFiguresSchema),
  series: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      total: purchaseFiguresSchema,
      points: z.array(purchaseFiguresSchema),
    }),
  ),
  others: z.object({ count: z.number(), total: purchaseFiguresSchema }),
  /** On order now (PENDING and ORDERED purchase orders), by brand: a current state, not history. */
  onOrder: z.array(
    z.object({
      brandId: z.string(),
      brand: z.string(),
      orders: z.number(),
      units: z.number(),
      cost: z.optional(z.number()),
    }),
  ),
  build: reportBuildSchema,
});
export type PurchasesReport = z.infer<typeof purchasesReportSchema>;

/* ---------- Commission ---------- */

/** GET /db/reports/commission?year=: commission paid by rep and pay period over a year. */
export const commissionReportQuery = z.object({ year: windowYear('year') });
export type CommissionReportQuery = z.infer<typeof commissionReportQuery>;

export const commissionFiguresSchema = z.object({ commission: z.number(), ordersPaid: z.number() });
export type CommissionFigures = z.infer<typeof commissionFiguresSchema>;

export const commissionReportSchema = z.object({
  year: z.number(),
  /** The year's 24 pay periods (A: 1st–15th, B: 16th–end), with their state (null: nothing saved). */
  periods: z.array(
    z.object({
      key: z.string(),
      from: z.string(),
      to: z.string(),
      status: z.nullable(z.string()),
      submittedAt: z.optional(z.string()),
    }),
  ),
  /** Reps with commission in the year, largest first; `byPeriod` in the periods' order. */
  reps: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      total: commissionFiguresSchema,
      byPeriod: z.array(commissionFiguresSchema),
    }),
  ),
  total: commissionFiguresSchema,
  byPeriod: z.array(commissionFiguresSchema),
});
export type CommissionReport = z.infer<typeof commissionReportSchema>;
