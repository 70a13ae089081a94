import { useMemo, type ReactNode } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import PieChart from '@cloudscape-design/components/pie-chart';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { canSeeCosts, type InventoryValuation } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { useFollow } from '../../components/navigation';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import type { InventoryTabProps } from './InventoryReportPage';
import { ReportBuildNotes } from './ReportBuild';
import {
  ChartEmpty,
  DownloadButton,
  ReportHeadline,
  ReportTable,
  useReportDownload,
  useReportState,
} from './ReportParts';
import { CHART_SERIES, monthLabel, ordersPageHref } from './report-common';
import {
  asOfBeforeRecording,
  asOfMonths,
  asOfText,
  hasValue,
  INVENTORY_REPORT_TEXT,
  recordingNote,
  VALUATION_LABEL_HEADERS,
  VALUATION_VIEW_LABELS,
  VALUATION_VIEWS,
  valuationRowsOf,
  type ValuationRow,
  type ValuationView,
} from './inventory-report-config';

const TEXT = INVENTORY_REPORT_TEXT.valuation;
const NOW = 'now';

/** The Valuation tab: the stock's units and value (roles that see costs) by brand, type or both, now or at a month's end. */
export default function InventoryValuationTab({ controls, onChange, build }: InventoryTabProps) {
  const report = useApiQuery(
    'reports.inventoryValuation',
    { query: controls.asOf ? { asOf: controls.asOf } : {} },
    { placeholderData: keepPreviousData },
  );
  const ui = useReportState(report, TEXT);
  const data = ui.failed ? undefined : report.data;
  const view = controls.view;
  const rows = useMemo(() => (data ? valuationRowsOf(data, view) : []), [data, view]);
  const value = hasValue(data);
  const { downloading, download } = useReportDownload('Inventory valuation', INVENTORY_REPORT_TEXT.downloadFailed);
  const buildInfo = build.status ?? data?.build;

  const asOfOptions: SelectProps.Option[] = [
    { value: NOW, label: 'Now' },
    ...asOfMonths().map((m) => ({ value: m, label: monthLabel(m) })),
  ];
  const chartTitle = `${value ? TEXT.valueChart : TEXT.unitsChart} ${VALUATION_LABEL_HEADERS[view].toLowerCase()}`;

  return (
    <SpaceBetween size="l">
      <Container>
        <SpaceBetween direction="horizontal" size="l">
          <FormField label="As of">
            <Select
              selectedOption={asOfOptions.find((o) => o.value === (controls.asOf ?? NOW)) ?? asOfOptions[0]!}
              options={asOfOptions}
              ariaLabel="As of"
              filteringType="auto"
              expandToViewport
              onChange={({ detail }) =>
                onChange({ asOf: detail.selectedOption.value === NOW ? undefined : detail.selectedOption.value })
              }
            />
          </FormField>
          <FormField label="Show">
            <SegmentedControl
              label="Show"
              selectedId={view}
              onChange={({ detail }) => onChange({ view: detail.selectedId as ValuationView })}
              options={VALUATION_VIEWS.map((v) => ({ id: v, text: VALUATION_VIEW_LABELS[v] }))}
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
      {data && asOfBeforeRecording(data) && (
        <Alert type="info" header="Recorded movements" data-testid="valuation-recording">
          {recordingNote(data.recordedSince)}
        </Alert>
      )}
      <Container
        header={
          <Header variant="h2" description={data ? `${asOfText(data)} (through ${data.through})` : undefined}>
            Summary
          </Header>
        }
      >
        {data && !ui.loading ? <Summary report={data} /> : ui.state}
      </Container>
      <Container header={<Header variant="h2">{chartTitle}</Header>}>
        {data && !ui.loading ? (
          rows.length ? (
            <ValuationChart rows={rows} value={value} title={chartTitle} view={view} />
          ) : (
            <ChartEmpty testId="valuation-empty">{TEXT.empty}</ChartEmpty>
          )
        ) : (
          ui.state
        )}
      </Container>
      <ValuationTable
        key={view}
        rows={ui.failed ? [] : rows}
        view={view}
        value={value}
        total={data?.total}
        loading={ui.loading}
        error={ui.tableError}
        actions={
          <DownloadButton
            onClick={() =>
              void download(async () => {
                const { downloadValuation } = await import('./inventory-report-xlsx');
                return downloadValuation(data!, view, rows);
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

function Summary({ report }: { report: InventoryValuation }) {
  const t = report.total;
  return (
    <ReportHeadline
      ariaLabel="Valuation summary"
      items={[
        ...(t.cost !== undefined ? [['Value', formatMoney(t.cost)] as const] : []),
        ['Units', formatUnits(t.units)],
        ['Products', formatUnits(t.products)],
      ]}
    />
  );
}

/** The top lines as a pie (value, or units without values), the rest as Other. */
function ValuationChart({
  rows,
  value,
  title,
  view,
}: {
  rows: ValuationRow[];
  value: boolean;
  title: string;
  view: ValuationView;
}) {
  const measure = (r: ValuationRow) => (value ? (r.cost ?? 0) : r.units);
  const sorted = [...rows].sort((a, b) => measure(b) - measure(a));
  const top = sorted.slice(0, CHART_SERIES).map((r) => ({ title: r.label, value: measure(r) }));
  const rest = sorted.slice(CHART_SERIES).reduce((sum, r) => sum + measure(r), 0);
  const data = [
    ...top,
    ...(rest > 0 ? [{ title: `Other (${sorted.length - CHART_SERIES})`, value: rest }] : []),
  ].filter((d) => d.value > 0);
  const format = (n: number) => (value ? formatMoney(n) : formatUnits(n));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  return (
    <PieChart
      data={data}
      variant="donut"
      size="medium"
      hideFilter
      ariaLabel={title}
      ariaDescription={`${value ? 'Value' : 'Units'} ${VALUATION_LABEL_HEADERS[view].toLowerCase()}`}
      innerMetricDescription={value ? 'value' : 'units'}
      innerMetricValue={value ? formatMoney(total) : formatUnits(total)}
      detailPopoverContent={(d) => [
        { key: value ? 'Value' : 'Units', value: format(d.value) },
        { key: 'Share', value: `${total > 0 ? ((d.value / total) * 100).toFixed(1) : '0.0'}%` },
      ]}
      segmentDescription={(d) => `${format(d.value)}`}
      legendTitle={VALUATION_LABEL_HEADERS[view]}
      empty={<ChartEmpty>{TEXT.empty}</ChartEmpty>}
      i18nStrings={{
        legendAriaLabel: 'Legend',
        chartAriaRoleDescription: 'pie chart',
        detailPopoverDismissAriaLabel: 'Dismiss',
        segmentAriaRoleDescription: 'segment',
      }}
    />
  );
}

function ValuationTable({
  rows,
  view,
  value,
  total,
  loading,
  error,
  actions,
}: {
  rows: ValuationRow[];
  view: ValuationView;
  value: boolean;
  total: InventoryValuation['total'] | undefined;
  loading: boolean;
  error?: ReactNode;
  actions: ReactNode;
}) {
  const session = useSession();
  const follow = useFollow();
  const whole = total ? (value ? (total.cost ?? 0) : total.units) : 0;
  const share = (r: ValuationRow) => {
    const part = value ? (r.cost ?? 0) : r.units;
    return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '-';
  };
  const columns: TableProps.ColumnDefinition<ValuationRow>[] = [
    {
      id: 'label',
      header: VALUATION_LABEL_HEADERS[view],
      sortingField: 'label',
      isRowHeader: true,
      width: 300,
      cell: (r) =>
        r.brandName ? (
          <Link
            href={ordersPageHref({ brand: r.brandName })}
            onFollow={follow}
            ariaLabel={`Orders of ${r.brandName}${view === 'rows' ? ` (${r.label})` : ''}`}
          >
            {r.label}
          </Link>
        ) : (
          r.label
        ),
    },
    { id: 'products', header: 'Products', sortingField: 'products', width: 130, cell: (r) => formatUnits(r.products) },
    { id: 'units', header: 'Units', sortingField: 'units', width: 130, cell: (r) => formatUnits(r.units) },
    ...(value
      ? [
          {
            id: 'cost',
            header: 'Value',
            sortingField: 'cost',
            width: 160,
            cell: (r: ValuationRow) => formatMoney(r.cost),
          },
        ]
      : []),
    {
      id: 'share',
      header: value ? 'Share of value' : 'Share of units',
      sortingField: value ? 'cost' : 'units',
      width: 150,
      cell: share,
    },
  ];
  return (
    <ReportTable<ValuationRow>
      rows={rows}
      columns={columns}
      trackBy="key"
      label="Stock valuation"
      title={TEXT.tableTitle}
      description={view === 'type' ? undefined : 'A brand opens its orders (the Orders page filtered to the brand).'}
      actions={actions}
      loading={loading}
      loadingText={TEXT.loading}
      error={error}
      empty={{ title: TEXT.empty, subtitle: TEXT.emptyDescription }}
      filterLabel={`Filter by ${VALUATION_LABEL_HEADERS[view].toLowerCase()}`}
      filterText={(r) => r.label}
      defaultSort={{ field: canSeeCosts(session.roles) ? 'cost' : 'units', descending: true }}
    />
  );
}
