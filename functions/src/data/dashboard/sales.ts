import {
  lastAndThisMonth,
  type BusinessSection,
  type DashboardScope,
  type SalesFigures,
  type SalesReport,
  type SalesSection,
} from '@bo/shared';
import { readSalesReport } from '../reports';

/**
 * This month against last month, from the sales report (the figures the stream keeps per month): interval
 * month from the first day of last month to today, the report's two points. Never from the orders.
 */

type Month = { from: string; to: string };

/** The report's two months: the first is last month, the second this month (to today). */
function twoMonths<F>(report: SalesReport, pick: (f: SalesFigures) => F, today: string) {
  const [previousPeriod, currentPeriod]: Array<Month | undefined> = report.periods;
  const empty: SalesFigures = { revenue: 0, units: 0, orders: 0 };
  const month = (period: Month | undefined, figures: SalesFigures | undefined) => ({
    from: period?.from ?? '',
    to: period && period.to < today ? period.to : today,
    figures: pick(figures ?? empty),
  });
  return { previous: month(previousPeriod, report.points[0]), current: month(currentPeriod, report.points[1]) };
}

/** Revenue, units and orders only: what a rep's month shows, whoever asks. */
const repFigures = (f: SalesFigures) => ({ revenue: f.revenue, units: f.units, orders: f.orders });

/** Reps shown in the business section's table. */
const REPS_SHOWN = 10;

/** Last and this month by rep: the business section's, whose totals are also everyone's month. */
export function monthByRep(today: string): Promise<SalesReport> {
  const { from, to } = lastAndThisMonth(today);
  return readSalesReport({ from, to, interval: 'month', groupBy: 'rep', limit: REPS_SHOWN });
}

/**
 * The month of a rep's customers (SALES: the rep filter set to them), or every rep's (ADMIN: the totals of
 * `everyone`, the report by rep the business section reads anyway, when given).
 */
export async function salesMonth(
  scope: DashboardScope,
  userId: string,
  today: string,
  everyone?: () => Promise<SalesReport>,
): Promise<SalesSection['month']> {
  const { from, to } = lastAndThisMonth(today);
  const report =
    scope === 'all' && everyone
      ? await everyone()
      : await readSalesReport({ from, to, interval: 'month', limit: 1 }, scope === 'own' ? { rep: userId } : {});
  return twoMonths(report, repFigures, today);
}

/** Every rep's month with cost, profit and margin, and this month by rep (ADMIN). */
export async function businessMonth(
  today: string,
  byRep: () => Promise<SalesReport> = () => monthByRep(today),
): Promise<BusinessSection> {
  const report = await byRep();
  return {
    month: twoMonths(report, (f) => f, today),
    reps: report.series
      .map((s) => ({ key: s.key, label: s.label, current: s.points[1] ?? { revenue: 0, units: 0, orders: 0 } }))
      .filter((r) => r.current.revenue !== 0 || r.current.orders !== 0)
      .sort((a, b) => b.current.revenue - a.current.revenue),
  };
}
