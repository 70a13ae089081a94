import Box from '@cloudscape-design/components/box';
import BarChart from '@cloudscape-design/components/bar-chart';
import type { PurchasesReport } from '@bo/shared';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import { CHART_SERIES, moneyTick, periodTick } from './report-common';
import {
  hasSpend,
  PURCHASE_GROUP_LABELS,
  PURCHASE_INTERVAL_LABELS,
  PURCHASES_REPORT_TEXT,
} from './purchases-report-config';

type Measure = 'cost' | 'units';

/** The bars: the total, or the top series stacked with the rest folded into Other. */
export function purchaseBars(report: PurchasesReport, measure: Measure): { title: string; values: number[] }[] {
  const value = (f: { cost?: number; units: number }) => (measure === 'cost' ? (f.cost ?? 0) : f.units);
  const title = measure === 'cost' ? 'Spend' : 'Units';
  if (!report.groupBy) return [{ title, values: report.points.map(value) }];
  const top = report.series.slice(0, CHART_SERIES);
  const bars = top.map((s) => ({ title: s.label, values: s.points.map(value) }));
  if (report.series.length > CHART_SERIES || report.others.count > 0) {
    const other = report.points.map((p, i) => {
      const shown = top.reduce((sum, s) => sum + (s.points[i] ? value(s.points[i]) : 0), 0);
      return Math.max(0, Math.round((value(p) - shown) * 100) / 100);
    });
    if (other.some((v) => v > 0)) bars.push({ title: 'Other', values: other });
  }
  return bars;
}

/** The chart's title: spend, or units for roles that do not see spend. */
export const purchasesChartTitle = (report: PurchasesReport | undefined): string =>
  report && !hasSpend(report) ? PURCHASES_REPORT_TEXT.unitsChart : PURCHASES_REPORT_TEXT.spendChart;

/** Spend per period as bars (units when the API sends no spend), stacked by the top series when grouped. */
export default function PurchasesReportChart({ report }: { report: PurchasesReport }) {
  const measure: Measure = hasSpend(report) ? 'cost' : 'units';
  const format = measure === 'cost' ? (n: number) => formatMoney(n) : formatUnits;
  const x = report.periods.map((p) => periodTick(p.key, report.interval));
  const data = (values: number[]) => values.slice(0, x.length).map((y, i) => ({ x: x[i]!, y }));
  const what = measure === 'cost' ? 'Spend' : 'Units';
  const title = purchasesChartTitle(report);
  return (
    <BarChart<string>
      series={purchaseBars(report, measure).map((b) => ({
        title: b.title,
        type: 'bar' as const,
        data: data(b.values),
        valueFormatter: format,
      }))}
      xDomain={x}
      xScaleType="categorical"
      stackedBars={report.groupBy !== null}
      height={260}
      hideFilter
      ariaLabel={title}
      ariaDescription={
        report.groupBy
          ? `${what} by ${PURCHASE_INTERVAL_LABELS[report.interval].toLowerCase()} and ${PURCHASE_GROUP_LABELS[report.groupBy].toLowerCase()}`
          : `${what} by ${PURCHASE_INTERVAL_LABELS[report.interval].toLowerCase()}`
      }
      xTitle={PURCHASE_INTERVAL_LABELS[report.interval]}
      yTitle={what}
      legendTitle={report.groupBy ? PURCHASE_GROUP_LABELS[report.groupBy] : undefined}
      hideLegend={!report.groupBy}
      empty={<Box textAlign="center">{PURCHASES_REPORT_TEXT.empty}</Box>}
      i18nStrings={{
        yTickFormatter: measure === 'cost' ? moneyTick : formatUnits,
        legendAriaLabel: 'Legend',
        chartAriaRoleDescription: 'bar chart',
        detailPopoverDismissAriaLabel: 'Dismiss',
      }}
    />
  );
}
