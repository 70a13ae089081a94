import { useMemo } from 'react';
import BarChart from '@cloudscape-design/components/bar-chart';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { StockLimitsReport } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { formatUnits } from '../../format/counts';
import type { InventoryTabProps } from './InventoryReportPage';
import { pickOption, ReportFrame, ReportSection } from './ReportLayout';
import { ChartEmpty, ReportDownload, ReportTable, useReportState } from './ReportParts';
import {
  fullness,
  INVENTORY_REPORT_TEXT,
  LIMIT_CHART_LINES,
  LIMIT_LEVEL_LABELS,
  LIMIT_STATUS_LABELS,
  LIMIT_STATUS_TYPES,
  LIMIT_STATUSES,
  limitLineName,
  limitRowsOf,
  type LimitRow,
  type LimitStatus,
} from './inventory-report-config';

const TEXT = INVENTORY_REPORT_TEXT.limits;
const ALL = '';

/** The Stock limits tab: every brand, type and weight limit against the stock on hand, the fullest first. */
export default function InventoryLimitsTab({ controls, onChange, build }: InventoryTabProps) {
  const report = useApiQuery('reports.stockLimits', {});
  const ui = useReportState(report, TEXT);
  const data = ui.failed ? undefined : report.data;
  const rows = useMemo(() => (data ? limitRowsOf(data.lines) : []), [data]);
  const ready = ui.loading ? undefined : data;

  const statusOptions: SelectProps.Option[] = [
    { value: ALL, label: 'Any status' },
    ...LIMIT_STATUSES.map((s) => ({ value: s, label: LIMIT_STATUS_LABELS[s] })),
  ];
  const columns: TableProps.ColumnDefinition<LimitRow>[] = [
    {
      id: 'brand',
      header: 'Brand',
      sortingField: 'brandName',
      isRowHeader: true,
      width: 180,
      cell: (r) => r.brandName,
    },
    { id: 'level', header: 'Level', sortingField: 'level', width: 100, cell: (r) => LIMIT_LEVEL_LABELS[r.level] },
    { id: 'label', header: 'Line', sortingField: 'label', width: 200, cell: (r) => r.label },
    { id: 'stock', header: 'Stock', sortingField: 'stock', width: 100, cell: (r) => formatUnits(r.stock) },
    { id: 'limit', header: 'Limit', sortingField: 'limit', width: 100, cell: (r) => formatUnits(r.limit) },
    { id: 'room', header: 'Room', sortingField: 'room', width: 100, cell: (r) => formatUnits(r.room) },
    {
      id: 'status',
      header: 'Status',
      sortingField: 'status',
      width: 110,
      cell: (r) => (
        <StatusIndicator type={LIMIT_STATUS_TYPES[r.status]}>{LIMIT_STATUS_LABELS[r.status]}</StatusIndicator>
      ),
    },
  ];

  return (
    <ReportFrame build={build} built={data?.build} alert={ui.alert}>
      <ReportSection title="Summary" report={ready} state={ui.state}>
        {(r) => <Counts counts={r.counts} />}
      </ReportSection>
      <ReportSection
        title={TEXT.chart}
        report={ready}
        state={ui.state}
        isEmpty={(r) => r.lines.length === 0}
        emptyText={TEXT.empty}
        emptyTestId="limits-empty"
      >
        {(r) => <LimitsChart report={r} />}
      </ReportSection>
      <ReportTable<LimitRow>
        rows={rows}
        columns={columns}
        trackBy="key"
        label="Stock limits"
        title={TEXT.tableTitle}
        ui={ui}
        text={TEXT}
        filterLabel="Filter limits"
        filterText={(r) => `${r.brandName} ${r.label}`}
        keep={controls.status ? (r) => r.status === controls.status : undefined}
        extraFilter={
          <Select
            selectedOption={pickOption(statusOptions, controls.status)}
            options={statusOptions}
            ariaLabel="Status"
            onChange={({ detail }) =>
              onChange({ status: (detail.selectedOption.value || undefined) as LimitStatus | undefined })
            }
          />
        }
        actions={
          <ReportDownload
            what="Stock limits"
            failedText={INVENTORY_REPORT_TEXT.downloadFailed}
            disabled={!data || ui.loading || rows.length === 0}
            run={async () => (await import('./inventory-report-xlsx')).downloadStockLimits(data!)}
          />
        }
      />
    </ReportFrame>
  );
}

/** How many limits are over, at and under. */
function Counts({ counts }: { counts: StockLimitsReport['counts'] }) {
  return (
    <SpaceBetween direction="horizontal" size="xl" data-testid="limit-counts">
      {LIMIT_STATUSES.map((s) => (
        <StatusIndicator key={s} type={LIMIT_STATUS_TYPES[s]}>
          {`${formatUnits(counts[s])} ${LIMIT_STATUS_LABELS[s].toLowerCase()}`}
        </StatusIndicator>
      ))}
    </SpaceBetween>
  );
}

/** The fullest lines: stock against the limit, side by side. */
function LimitsChart({ report }: { report: StockLimitsReport }) {
  const lines = [...report.lines].sort((a, b) => fullness(b) - fullness(a)).slice(0, LIMIT_CHART_LINES);
  const names = lines.map((l, i) => `${i + 1}. ${limitLineName(l)}`);
  const data = (pick: (l: (typeof lines)[number]) => number) => lines.map((l, i) => ({ x: names[i]!, y: pick(l) }));
  return (
    <BarChart<string>
      series={[
        { title: 'Stock', type: 'bar', data: data((l) => l.stock), valueFormatter: formatUnits },
        { title: 'Limit', type: 'bar', data: data((l) => l.limit), valueFormatter: formatUnits },
      ]}
      xDomain={names}
      xScaleType="categorical"
      horizontalBars
      height={Math.max(200, lines.length * 44)}
      hideFilter
      ariaLabel={TEXT.chart}
      ariaDescription="Stock on hand against the limit of the fullest lines"
      xTitle="Line"
      yTitle="Units"
      legendTitle="Units"
      empty={<ChartEmpty>{TEXT.empty}</ChartEmpty>}
      i18nStrings={{
        yTickFormatter: formatUnits,
        legendAriaLabel: 'Legend',
        chartAriaRoleDescription: 'bar chart',
        detailPopoverDismissAriaLabel: 'Dismiss',
      }}
    />
  );
}
