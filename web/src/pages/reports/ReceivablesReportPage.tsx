import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import BarChart from '@cloudscape-design/components/bar-chart';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import LineChart from '@cloudscape-design/components/line-chart';
import Link from '@cloudscape-design/components/link';
import type { SelectProps } from '@cloudscape-design/components/select';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ReceivablesReport } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { useFollow } from '../../components/navigation';
import { formatUnits } from '../../format/counts';
import { formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { useReportBuild } from './ReportBuild';
import { ReportFields, ReportFrame, ReportPage, ReportSection, SelectField } from './ReportLayout';
import { ChartEmpty, ReportDownload, ReportHeadline, ReportTable, useReportState } from './ReportParts';
import { monthLabel, moneyTick } from './report-common';
import {
  formatDso,
  monthOptions,
  monthOrdersHref,
  monthsFromParams,
  monthsProblem,
  monthTick,
  paramsFromMonths,
  RECEIVABLES_HREF,
  RECEIVABLES_REPORT_TEXT as TEXT,
  type ReceivablesMonth,
} from './receivables-report-config';

/**
 * `/reports/receivables` (issue 25, ADMIN): what customers owe today by age, and per month over a range what was
 * invoiced, received and credited, what was owed at its end and the days sales outstanding: charts of both, a
 * table with each month linking to its orders, a spreadsheet. The months live in the address, so a report is a link.
 */
export default function ReceivablesReportPage() {
  const follow = useFollow();
  const [params, setParams] = useSearchParams();
  const months = useMemo(() => monthsFromParams(params), [params]);
  const setMonths = (next: Partial<typeof months>) =>
    setParams(paramsFromMonths({ ...months, ...next }), { replace: true });
  const problem = monthsProblem(months);
  const report = useApiQuery(
    'reports.receivables',
    { query: { from: months.from, to: months.to } },
    { enabled: !problem, placeholderData: keepPreviousData },
  );
  const ui = useReportState(report, TEXT, problem);
  const data = ui.failed || problem ? undefined : report.data;
  const rows = useMemo(() => data?.months ?? [], [data]);
  const build = useReportBuild();
  const ready = ui.loading ? undefined : data;

  const options: SelectProps.Option[] = monthOptions().map((m) => ({ value: m, label: monthLabel(m) }));
  const select = (which: 'from' | 'to', label: string) => (
    <SelectField
      label={label}
      value={months[which]}
      options={options}
      searchable
      errorText={which === 'to' && problem ? problem.message : undefined}
      onChange={(month) => setMonths({ [which]: month })}
    />
  );

  const columns: TableProps.ColumnDefinition<ReceivablesMonth>[] = [
    {
      id: 'month',
      header: 'Month',
      sortingField: 'month',
      isRowHeader: true,
      width: 170,
      cell: (m) => (
        <Link href={monthOrdersHref(m.month)} onFollow={follow} ariaLabel={`Orders of ${monthLabel(m.month)}`}>
          {monthLabel(m.month)}
        </Link>
      ),
    },
    { id: 'invoiced', header: 'Invoiced', sortingField: 'invoiced', width: 140, cell: (m) => formatMoney(m.invoiced) },
    { id: 'received', header: 'Received', sortingField: 'received', width: 140, cell: (m) => formatMoney(m.received) },
    { id: 'credited', header: 'Credited', sortingField: 'credited', width: 140, cell: (m) => formatMoney(m.credited) },
    {
      id: 'balance',
      header: 'Owed at month end',
      sortingField: 'balance',
      width: 170,
      cell: (m) => formatMoney(m.balance),
    },
    { id: 'dso', header: 'DSO', sortingField: 'dso', width: 120, cell: (m) => formatDso(m.dso) },
  ];

  return (
    <ReportPage title={TEXT.title} description={TEXT.description} build={build}>
      <ReportFrame
        controls={
          <ReportFields>
            {select('from', 'From')}
            {select('to', 'To')}
          </ReportFields>
        }
        build={build}
        built={data?.build}
        everyBrand
        alert={ui.alert}
      >
        <ReportSection
          title={TEXT.ageing}
          description={data ? `On ${formatDay(data.ageing.asOf)}, by days since the order date` : undefined}
          actions={
            <Link href={RECEIVABLES_HREF} onFollow={follow}>
              {TEXT.seeCustomers}
            </Link>
          }
          report={ready}
          state={ui.state}
        >
          {(r) => <Ageing report={r} />}
        </ReportSection>
        <ColumnLayout columns={2}>
          <ReportSection title={TEXT.dsoChart} report={ready} state={ui.state}>
            {() => <DsoChart months={rows} />}
          </ReportSection>
          <ReportSection title={TEXT.balanceChart} report={ready} state={ui.state}>
            {() => <BalanceChart months={rows} />}
          </ReportSection>
        </ColumnLayout>
        <ReportTable<ReceivablesMonth>
          rows={rows}
          columns={columns}
          trackBy="month"
          label="Receivables by month"
          title={TEXT.tableTitle}
          description="A month opens its orders. DSO: owed at month end ÷ invoiced in the month × its days."
          ui={ui}
          text={TEXT}
          filterLabel="Filter months"
          filterText={(m) => monthLabel(m.month)}
          defaultSort={{ field: 'month', descending: false }}
          actions={
            <ReportDownload
              what="Receivables report"
              failedText={TEXT.downloadFailed}
              disabled={!data || ui.loading || rows.length === 0}
              run={async () => (await import('./receivables-report-xlsx')).downloadReceivablesReport(data!)}
            />
          }
        />
      </ReportFrame>
    </ReportPage>
  );
}

/** Owed today by age, and in all. */
function Ageing({ report }: { report: ReceivablesReport }) {
  const a = report.ageing;
  return (
    <ReportHeadline
      ariaLabel="Ageing summary"
      columns={3}
      items={[
        ['0–30 days', formatMoney(a.days0to30)],
        ['31–60 days', formatMoney(a.days31to60)],
        ['61–90 days', formatMoney(a.days61to90)],
        ['Over 90 days', formatMoney(a.over90)],
        ['Balance due', formatMoney(a.balanceDue)],
        ['Customers owing', formatUnits(a.customers)],
      ]}
    />
  );
}

const CHART_I18N = {
  legendAriaLabel: 'Legend',
  detailPopoverDismissAriaLabel: 'Dismiss',
} as const;

/** Days sales outstanding by month (months without invoices have none). */
function DsoChart({ months }: { months: readonly ReceivablesMonth[] }) {
  const x = months.map((m) => monthTick(m.month));
  const points = months.flatMap((m, i) => (m.dso === null ? [] : [{ x: x[i]!, y: m.dso }]));
  return (
    <LineChart<string>
      series={[{ title: 'DSO', type: 'line', data: points, valueFormatter: (n) => formatDso(n) }]}
      xDomain={x}
      xScaleType="categorical"
      height={220}
      hideFilter
      hideLegend
      ariaLabel={TEXT.dsoChart}
      ariaDescription="Days sales outstanding by month"
      xTitle="Month"
      yTitle="Days"
      empty={<ChartEmpty>No invoices in these months</ChartEmpty>}
      i18nStrings={{ ...CHART_I18N, chartAriaRoleDescription: 'line chart' }}
    />
  );
}

/** What was owed at each month's end. */
function BalanceChart({ months }: { months: readonly ReceivablesMonth[] }) {
  const x = months.map((m) => monthTick(m.month));
  return (
    <BarChart<string>
      series={[
        {
          title: 'Owed at month end',
          type: 'bar',
          data: months.map((m, i) => ({ x: x[i]!, y: m.balance })),
          valueFormatter: (n) => formatMoney(n),
        },
      ]}
      xDomain={x}
      xScaleType="categorical"
      height={220}
      hideFilter
      hideLegend
      ariaLabel={TEXT.balanceChart}
      ariaDescription="Owed at each month's end"
      xTitle="Month"
      yTitle="Owed"
      empty={<ChartEmpty>{TEXT.empty}</ChartEmpty>}
      i18nStrings={{ ...CHART_I18N, yTickFormatter: moneyTick, chartAriaRoleDescription: 'bar chart' }}
    />
  );
}
