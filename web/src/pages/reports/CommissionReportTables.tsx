import type { ReactNode } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { CommissionReport } from '@bo/shared';
import { useFollow } from '../../components/navigation';
import { TableEmptyState } from '../../components/table-states';
import { formatUnits } from '../../format/counts';
import { formatDateTime } from '../../format/dates';
import { formatMoney } from '../../format/money';
import {
  COMMISSION_REPORT_TEXT,
  commissionBars,
  formatShare,
  PAYROLL_HREF,
  periodTickOf,
  type PeriodRow,
  type PeriodState,
  type RepRow,
} from './commission-report-config';
import { moneyTick } from './report-common';

/** Commission per pay period as bars, stacked by the top reps with the rest as Other. */
export function CommissionReportChart({ report }: { report: CommissionReport }) {
  const x = report.periods.map((p) => periodTickOf(p.key));
  return (
    <BarChart<string>
      series={commissionBars(report).map((b) => ({
        title: b.title,
        type: 'bar' as const,
        data: b.values.slice(0, x.length).map((y, i) => ({ x: x[i]!, y })),
        valueFormatter: (n: number) => formatMoney(n),
      }))}
      xDomain={x}
      xScaleType="categorical"
      stackedBars
      height={260}
      hideFilter
      ariaLabel={COMMISSION_REPORT_TEXT.chart}
      ariaDescription={`Commission by pay period and rep in ${report.year}`}
      xTitle="Pay period"
      yTitle="Commission"
      legendTitle="Rep"
      empty={<Box textAlign="center">{COMMISSION_REPORT_TEXT.empty(report.year)}</Box>}
      i18nStrings={{
        yTickFormatter: moneyTick,
        legendAriaLabel: 'Legend',
        chartAriaRoleDescription: 'bar chart',
        detailPopoverDismissAriaLabel: 'Dismiss',
      }}
    />
  );
}

/** The reps paid commission in the year, sortable, largest first. */
export function CommissionRepsTable({
  report,
  rows,
  loading,
  error,
  actions,
}: {
  report: CommissionReport | undefined;
  rows: RepRow[];
  loading: boolean;
  error?: ReactNode;
  actions?: ReactNode;
}) {
  const { items, collectionProps } = useCollection(rows, {
    sorting: { defaultState: { sortingColumn: { sortingField: 'commission' }, isDescending: true } },
  });
  const columnDefinitions: TableProps.ColumnDefinition<RepRow>[] = [
    { id: 'name', header: 'Rep', sortingField: 'name', isRowHeader: true, width: 260, cell: (r) => r.name },
    {
      id: 'commission',
      header: 'Commission',
      sortingField: 'commission',
      width: 160,
      cell: (r) => formatMoney(r.commission),
    },
    {
      id: 'ordersPaid',
      header: 'Orders paid',
      sortingField: 'ordersPaid',
      width: 140,
      cell: (r) => formatUnits(r.ordersPaid),
    },
    { id: 'share', header: 'Share of total', sortingField: 'share', width: 150, cell: (r) => formatShare(r.share) },
  ];
  return (
    <Table<RepRow>
      {...collectionProps}
      items={items}
      columnDefinitions={columnDefinitions}
      trackBy="userId"
      loading={loading}
      loadingText={COMMISSION_REPORT_TEXT.loading}
      resizableColumns
      wrapLines
      ariaLabels={{ tableLabel: COMMISSION_REPORT_TEXT.repsLabel }}
      empty={
        error ??
        (report ? (
          <TableEmptyState
            title={COMMISSION_REPORT_TEXT.empty(report.year)}
            subtitle={COMMISSION_REPORT_TEXT.emptyDescription}
          />
        ) : undefined)
      }
      header={
        <Header variant="h2" counter={report ? `(${rows.length})` : undefined} actions={actions}>
          {COMMISSION_REPORT_TEXT.repsTitle}
        </Header>
      }
    />
  );
}

const STATUS_TYPE: Record<PeriodState, StatusIndicatorProps.Type> = {
  Submitted: 'success',
  Draft: 'in-progress',
  'Not started': 'stopped',
};

/** The year's 24 pay periods in order: their days, state and the commission they pay; a way to Payroll. */
export function CommissionPeriodsTable({
  report,
  rows,
  loading,
  error,
}: {
  report: CommissionReport | undefined;
  rows: PeriodRow[];
  loading: boolean;
  error?: ReactNode;
}) {
  const follow = useFollow();
  const { items, collectionProps } = useCollection(rows, {
    sorting: { defaultState: { sortingColumn: { sortingField: 'order' }, isDescending: false } },
  });
  const columnDefinitions: TableProps.ColumnDefinition<PeriodRow>[] = [
    { id: 'label', header: 'Pay period', sortingField: 'order', isRowHeader: true, width: 200, cell: (p) => p.label },
    {
      id: 'status',
      header: 'Status',
      sortingField: 'state',
      width: 200,
      cell: (p) => (
        <span title={p.submittedAt ? `Submitted ${formatDateTime(p.submittedAt)}` : undefined}>
          <StatusIndicator type={STATUS_TYPE[p.state]}>{p.state}</StatusIndicator>
        </span>
      ),
    },
    {
      id: 'commission',
      header: 'Commission',
      sortingField: 'commission',
      width: 160,
      cell: (p) => formatMoney(p.commission),
    },
    {
      id: 'ordersPaid',
      header: 'Orders paid',
      sortingField: 'ordersPaid',
      width: 140,
      cell: (p) => formatUnits(p.ordersPaid),
    },
  ];
  return (
    <Table<PeriodRow>
      {...collectionProps}
      items={items}
      columnDefinitions={columnDefinitions}
      trackBy="key"
      loading={loading}
      loadingText={COMMISSION_REPORT_TEXT.loading}
      resizableColumns
      wrapLines
      ariaLabels={{ tableLabel: COMMISSION_REPORT_TEXT.periodsLabel }}
      empty={error}
      header={
        <Header
          variant="h2"
          counter={report ? `(${rows.length})` : undefined}
          description={COMMISSION_REPORT_TEXT.periodsDescription}
          actions={
            <Link href={PAYROLL_HREF} onFollow={follow}>
              {COMMISSION_REPORT_TEXT.openPayroll}
            </Link>
          }
        >
          {COMMISSION_REPORT_TEXT.periodsTitle}
        </Header>
      }
    />
  );
}
