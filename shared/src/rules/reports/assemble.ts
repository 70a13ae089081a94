import { toDollars } from '../../money';
import type { SalesFigures, SalesSeries } from '../../schemas/reports';
import { periodKeyOf, type ReportInterval, type ReportPeriod } from './periods';
import { addCounters, type Counters } from './sales';

/**
 * From stored cells to a report (issue 25): rows of counters (`r`, `u`, `c`, `n`) by day or month and series,
 * summed into the report's periods. Pure, so the report a route answers and the one a test recomputes from the
 * orders are the same arithmetic.
 */

export interface CellRow {
  /** The day of a day cell, or the first day of the month of a month cell (YYYY-MM-DD). */
  day: string;
  /** The series it belongs to ('*' when the report is not split). */
  series: string;
  counters: Counters;
}

/** Figures in dollars; margin as a percentage with one decimal (null without revenue). */
export function figuresOf(c: Readonly<Counters>): SalesFigures {
  const revenue = c.r ?? 0;
  const cost = c.c ?? 0;
  return {
    revenue: toDollars(revenue),
    units: c.u ?? 0,
    orders: c.n ?? 0,
    cost: toDollars(cost),
    profit: toDollars(revenue - cost),
    margin: revenue === 0 ? null : Math.round(((revenue - cost) / revenue) * 1000) / 10,
  };
}

export interface Assembled {
  total: Counters;
  points: Counters[];
  /** Every series, largest revenue first. */
  series: Array<{ key: string; total: Counters; points: Counters[] }>;
}

/** Sums rows into the periods (rows outside them are left out: a day cell of a month the range only touches). */
export function assemble(
  rows: readonly CellRow[],
  periods: readonly ReportPeriod[],
  interval: ReportInterval,
  /** The counter series are ordered by, largest first: revenue for sales, cost (spend) for purchases. */
  by: 'r' | 'c' = 'r',
): Assembled {
  const index = new Map(periods.map((p, i) => [p.key, i]));
  const first = periods[0]?.from ?? '';
  const last = periods[periods.length - 1]?.to ?? '';
  const total: Counters = {};
  const points = periods.map((): Counters => ({}));
  const series = new Map<string, { key: string; total: Counters; points: Counters[] }>();
  for (const row of rows) {
    if (row.day < first || row.day > last) continue;
    const at = index.get(periodKeyOf(row.day, interval));
    if (at === undefined) continue;
    let s = series.get(row.series);
    if (!s) series.set(row.series, (s = { key: row.series, total: {}, points: periods.map(() => ({})) }));
    addCounters(s.points[at]!, row.counters);
    addCounters(s.total, row.counters);
    addCounters(points[at]!, row.counters);
    addCounters(total, row.counters);
  }
  const sorted = [...series.values()].sort(
    (a, b) => (b.total[by] ?? 0) - (a.total[by] ?? 0) || a.key.localeCompare(b.key),
  );
  return { total, points, series: sorted };
}

/** The series with their points up to `limit`, the rest added up as `others`. */
export function limitSeries(
  assembled: Assembled,
  limit: number,
  labelOf: (key: string) => string,
): { series: SalesSeries[]; others: { count: number; total: SalesFigures } } {
  const shown = assembled.series.slice(0, limit);
  const rest = assembled.series.slice(limit);
  const othersTotal: Counters = {};
  for (const s of rest) addCounters(othersTotal, s.total);
  return {
    series: shown.map((s) => ({
      key: s.key,
      label: labelOf(s.key),
      total: figuresOf(s.total),
      points: s.points.map(figuresOf),
    })),
    others: { count: rest.length, total: figuresOf(othersTotal) },
  };
}
