import { useMemo } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { canSeeCosts, type SlowMovers } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { formatUnits } from '../../format/counts';
import { formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import type { InventoryTabProps } from './InventoryReportPage';
import { ReportBuildNotes } from './ReportBuild';
import { DownloadButton, ReportHeadline, ReportTable, useReportDownload, useReportState } from './ReportParts';
import {
  INVENTORY_REPORT_TEXT,
  salesRecordingNote,
  SLOW_DAYS,
  slowListedNote,
  type SlowMoverRow,
} from './inventory-report-config';

const TEXT = INVENTORY_REPORT_TEXT.slow;
const LIST_STALE_MS = 5 * 60_000;
const ALL = '';

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
  const { downloading, download } = useReportDownload('Slow movers', INVENTORY_REPORT_TEXT.downloadFailed);
  const buildInfo = build.status ?? data?.build;
  const listed = data ? slowListedNote(data) : undefined;
  const recording = data ? salesRecordingNote(data) : undefined;

  const brands = useApiQuery('brands.getAll', {}, { staleTime: LIST_STALE_MS });
  const brandOptions: SelectProps.Option[] = [
    { value: ALL, label: 'All brands' },
    ...(brands.data?.res ?? [])
      .map((b) => ({ value: b.id, label: b.name }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en-US')),
  ];
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
    <SpaceBetween size="l">
      <Container>
        <SpaceBetween direction="horizontal" size="l">
          <FormField label="No sale in">
            <Select
              selectedOption={dayOptions.find((o) => o.value === String(controls.days)) ?? dayOptions[2]!}
              options={dayOptions}
              ariaLabel="No sale in"
              onChange={({ detail }) => onChange({ days: Number(detail.selectedOption.value) })}
            />
          </FormField>
          <FormField label="Brand">
            <Select
              selectedOption={
                controls.brand
                  ? (brandOptions.find((o) => o.value === controls.brand) ?? {
                      value: controls.brand,
                      label: controls.brand,
                    })
                  : brandOptions[0]!
              }
              options={brandOptions}
              statusType={brands.isError ? 'error' : brands.isPending ? 'loading' : 'finished'}
              loadingText="Loading brands"
              errorText="Could not load the brands"
              filteringType="auto"
              ariaLabel="Brand"
              empty="No brands"
              expandToViewport
              onChange={({ detail }) => onChange({ brand: detail.selectedOption.value || undefined })}
            />
          </FormField>
        </SpaceBetween>
      </Container>
      {buildInfo && (
        <ReportBuildNotes
          build={buildInfo}
          canRebuild={build.canRebuild}
          onRebuild={build.rebuild}
          starting={build.starting}
        />
      )}
      {ui.alert}
      {recording && (
        <Alert type="info" header="Recorded sales">
          {recording}
        </Alert>
      )}
      <Container
        header={
          <Header
            variant="h2"
            description={data ? `No sale in the last ${data.days} days (since ${formatDay(data.since)})` : undefined}
          >
            Summary
          </Header>
        }
      >
        {data && !ui.loading ? <Summary report={data} /> : ui.state}
      </Container>
      <ReportTable<SlowMoverRow>
        rows={ui.failed ? [] : rows}
        columns={columns}
        trackBy="productId"
        label="Slow movers"
        title={TEXT.tableTitle}
        counter={data ? `(${formatUnits(data.count)})` : undefined}
        description={listed}
        loading={ui.loading}
        loadingText={TEXT.loading}
        error={ui.tableError}
        empty={{ title: TEXT.empty, subtitle: TEXT.emptyDescription }}
        filterLabel="Filter products"
        filterText={(r) => `${r.name} ${r.sku} ${r.brandName} ${r.typeName}`}
        defaultSort={{ field: canSeeCosts(session.roles) ? 'cost' : 'units', descending: true }}
        actions={
          <DownloadButton
            onClick={() =>
              void download(async () => {
                const { downloadSlowMovers } = await import('./inventory-report-xlsx');
                return downloadSlowMovers(data!, brandOptions.find((o) => o.value === controls.brand)?.label);
              })
            }
            loading={downloading}
            disabled={!data || ui.loading || rows.length === 0}
          />
        }
      />
    </SpaceBetween>
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
