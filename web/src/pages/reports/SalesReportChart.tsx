import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import LineChart from '@cloudscape-design/components/line-chart';
import PieChart from '@cloudscape-design/components/pie-chart';
import MixedLineBarChart, { type MixedLineBarChartProps } from '@cloudscape-design/components/mixed-line-bar-chart';
import type { SalesReport } from '@bo/shared';
import { formatMoney } from '../../format/money';
import { moneyTick } from './report-common';
import {
  CHART_SERIES,
  COMPARISON_LABELS,
  DIMENSION_LABELS,
  INTERVAL_LABELS,
  periodTick,
  rangeText,
  SALES_REPORT_TEXT,
} from './sales-report-config';

const money = (n: number) => formatMoney(n);
/** Axis ticks without cents: `$12k`. */
const tick = moneyTick;

/** The revenue lines: the total, or the top series with the rest folded into Other. */
export function revenueSeries(report: SalesReport): { title: string; revenue: number[] }[] {
  if (!report.groupBy) return [{ title: 'Revenue', revenue: report.points.map((p) => p.revenue) }];
  const top = report.series.slice(0, CHART_SERIES);
  const lines = top.map((s) => ({ title: s.label, revenue: s.points.map((p) => p.revenue) }));
  if (report.series.length > CHART_SERIES || report.others.count > 0) {
    const other = report.points.map((p, i) => {
      const shown = top.reduce((sum, s) => sum + (s.points[i]?.revenue ?? 0), 0);
      return Math.round((p.revenue - shown) * 100) / 100;
    });
    lines.push({ title: 'Other', revenue: other });
  }
  return lines;
}

/** Revenue shares for the pie: the top series and Other. */
function shares(report: SalesReport): { title: string; value: number }[] {
  const top = report.series.slice(0, CHART_SERIES).map((s) => ({ title: s.label, value: s.total.revenue }));
  const shown = top.reduce((sum, s) => sum + s.value, 0);
  const other = Math.round((report.total.revenue - shown) * 100) / 100;
  return (other > 0 ? [...top, { title: 'Other', value: other }] : top).filter((s) => s.value > 0);
}

/**
 * Revenue per period as a line chart (bars for a single period or by quarter): one line per top series when
 * grouped, and the comparison's revenue per period as a second line. Grouped, a pie of revenue share beside it.
 */
export default function SalesReportChart({ report }: { report: SalesReport }) {
  const x = report.periods.map((p) => periodTick(p.key, report.interval));
  const bars = report.periods.length === 1 || report.interval === 'quarter';
  const data = (values: number[]) => values.slice(0, x.length).map((y, i) => ({ x: x[i]!, y }));
  const lines = revenueSeries(report);
  const compared: MixedLineBarChartProps.LineDataSeries<string> | undefined = report.compare && {
    title: `${COMPARISON_LABELS[report.compare.kind]} (${rangeText(report.compare.from, report.compare.to)})`,
    type: 'line',
    data: data(report.compare.points.map((p) => p.revenue)),
    valueFormatter: money,
  };
  const common = {
    xDomain: x,
    xScaleType: 'categorical' as const,
    height: 260,
    hideFilter: true,
    ariaLabel: SALES_REPORT_TEXT.chart,
    ariaDescription: report.groupBy
      ? `Revenue by ${INTERVAL_LABELS[report.interval].toLowerCase()} and ${DIMENSION_LABELS[report.groupBy].toLowerCase()}`
      : `Revenue by ${INTERVAL_LABELS[report.interval].toLowerCase()}`,
    xTitle: INTERVAL_LABELS[report.interval],
    yTitle: 'Revenue',
    empty: <Box textAlign="center">{SALES_REPORT_TEXT.empty}</Box>,
    legendTitle: report.groupBy ? DIMENSION_LABELS[report.groupBy] : undefined,
    i18nStrings: {
      yTickFormatter: tick,
      legendAriaLabel: 'Legend',
      chartAriaRoleDescription: 'chart',
      detailPopoverDismissAriaLabel: 'Dismiss',
    },
  };
  const chart = bars ? (
    <MixedLineBarChart<string>
      {...common}
      series={[
        ...lines.map((l) => ({ title: l.title, type: 'bar' as const, data: data(l.revenue), valueFormatter: money })),
        ...(compared ? [compared] : []),
      ]}
      stackedBars={report.groupBy !== null}
    />
  ) : (
    <LineChart<string>
      {...common}
      series={[
        ...lines.map((l) => ({ title: l.title, type: 'line' as const, data: data(l.revenue), valueFormatter: money })),
        ...(compared ? [compared] : []),
      ]}
    />
  );
  if (!report.groupBy) return chart;
  return (
    <ColumnLayout columns={2}>
      {chart}
      <PieChart
        data={shares(report)}
        variant="donut"
        size="medium"
        hideFilter
        ariaLabel={SALES_REPORT_TEXT.share}
        innerMetricDescription="revenue"
        innerMetricValue={tick(Math.round(report.total.revenue))}
        legendTitle={DIMENSION_LABELS[report.groupBy]}
        detailPopoverContent={(datum, sum) => [
          { key: 'Revenue', value: money(datum.value) },
          { key: 'Share', value: `${sum ? ((datum.value / sum) * 100).toFixed(1) : '0.0'}%` },
        ]}
        segmentDescription={(datum, sum) => `${sum ? ((datum.value / sum) * 100).toFixed(0) : 0}%`}
        i18nStrings={{
          detailsValue: 'Revenue',
          detailsPercentage: 'Share',
          legendAriaLabel: 'Legend',
          chartAriaRoleDescription: 'pie chart',
          segmentAriaRoleDescription: 'segment',
          detailPopoverDismissAriaLabel: 'Dismiss',
        }}
        empty={<Box textAlign="center">{SALES_REPORT_TEXT.empty}</Box>}
      />
    </ColumnLayout>
  );
}
