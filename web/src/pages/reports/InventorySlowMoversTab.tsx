import { useMemo } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import type { SelectProps } from '@cloudscape-design/components/select';
import type { TableProps } from '@cloudscape-design/components/table';
import { canSeeCosts, type SlowMovers } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { formatUnits } from '../../format/counts';
import { formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import type { InventoryTabProps } from './InventoryReportPage';
import { BrandField, ReportFields, ReportFrame, ReportSection, SelectField, useBrandOptions } from './ReportLayout';
import { ReportDownload, ReportHeadline, ReportTable, useReportState } from './ReportParts';
import {
  INVENTORY_REPORT_TEXT,
  salesRecordingNote,
  SLOW_DAYS,
  slowListedNote,
  type SlowMoverRow,
} from './inventory-report-config';

const TEXT = INVENTORY_REPORT_TEXT.slow;

/** The Slow movers tab: products in stock with no sale in the last 30 to 365 days, the most value first. */
export default function InventorySlowMoversTab({ controls, onChange, build }: InventoryTabProps) {
  const session = useSession();
  const report = useApiQuery(
    'reports.slowMovers',
    { query: { days: String(controls.days), ...(controls.brand ? { brand: controls.brand } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const ui = useReportState(report, TEXT);
  const data = ui.failed ? undefined : report.data;
  const rows = useMemo(() => data?.products ?? [], [data]);
  const value = data?.cost !== undefined;
  const listed = data ? slowListedNote(data) : undefined;
  const recording = data ? salesRecordingNote(data) : undefined;

  const brands = useBrandOptions();
  const dayOptions: SelectProps.Option[] = SLOW_DAYS.map((d) => ({ value: String(d), label: `${d} days` }));

  const columns: TableProps.ColumnDefinition<SlowMoverRow>[] = [
    { id: 'name', header: 'Product', sortingField: 'name', isRowHeader: true, width: 175, cell: (r) => r.name },
    { id: 'sku', header: 'SKU', sortingField: 'sku', width: 120, cell: (r) => r.sku },
    { id: 'brand', header: 'Brand', sortingField: 'brandName', width: 140, cell: (r) => r.brandName },
    { id: 'type', header: 'Type', sortingField: 'typeName', width: 110, cell: (r) => r.typeName },
    { id: 'units', header: 'Units', sortingField: 'units', width: 95, cell: (r) => formatUnits(r.units) },
    ...(value
      ? [
          {
            id: 'cost',
            header: 'Value',
            sortingField: 'cost',
            width: 110,
            cell: (r: SlowMoverRow) => formatMoney(r.cost),
          },
        ]
      : []),
    {
      id: 'lastSold',
      header: 'Last sold',
      sortingField: 'lastSold',
      cell: (r) => (r.lastSold ? formatDay(r.lastSold) : `None since ${formatDay(data?.since)}`),
    },
  ];

  return (
    <ReportFrame
      controls={
        <ReportFields>
          <SelectField
            label="No sale in"
            value={String(controls.days)}
            options={dayOptions}
            fallback={dayOptions[2]}
            onChange={(days) => onChange({ days: Number(days) })}
          />
          <BrandField value={controls.brand} onChange={(brand) => onChange({ brand })} />
        </ReportFields>
      }
      build={build}
      built={data?.build}
      alert={ui.alert}
    >
      {recording && (
        <Alert type="info" header="Recorded sales">
          {recording}
        </Alert>
      )}
      <ReportSection
        title="Summary"
        description={data ? `No sale in the last ${data.days} days (since ${formatDay(data.since)})` : undefined}
        report={ui.loading ? undefined : data}
        state={ui.state}
      >
        {(r) => <Summary report={r} />}
      </ReportSection>
      <ReportTable<SlowMoverRow>
        rows={rows}
        columns={columns}
        trackBy="productId"
        label="Slow movers"
        title={TEXT.tableTitle}
        counter={data ? `(${formatUnits(data.count)})` : undefined}
        description={listed}
        ui={ui}
        text={TEXT}
        filterLabel="Filter products"
        filterText={(r) => `${r.name} ${r.sku} ${r.brandName} ${r.typeName}`}
        defaultSort={{ field: canSeeCosts(session.roles) ? 'cost' : 'units', descending: true }}
        actions={
          <ReportDownload
            what="Slow movers"
            failedText={INVENTORY_REPORT_TEXT.downloadFailed}
            disabled={!data || ui.loading || rows.length === 0}
            run={async () =>
              (await import('./inventory-report-xlsx')).downloadSlowMovers(
                data!,
                brands.options.find((o) => o.value === controls.brand)?.label,
              )
            }
          />
        }
      />
    </ReportFrame>
  );
}

function Summary({ report }: { report: SlowMovers }) {
  return (
    <ReportHeadline
      ariaLabel="Slow movers summary"
      items={[
        ['Products', formatUnits(report.count)],
        ['Units', formatUnits(report.units)],
        ...(report.cost !== undefined ? [['Value', formatMoney(report.cost)] as const] : []),
      ]}
    />
  );
}
