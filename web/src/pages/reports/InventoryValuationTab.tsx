import { useMemo, type ReactNode } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Link from '@cloudscape-design/components/link';
import PieChart from '@cloudscape-design/components/pie-chart';
import type { SelectProps } from '@cloudscape-design/components/select';
import type { TableProps } from '@cloudscape-design/components/table';
import { canSeeCosts, type InventoryValuation } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { useFollow } from '../../components/navigation';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import type { InventoryTabProps } from './InventoryReportPage';
import { ReportFields, ReportFrame, ReportSection, SegmentedField, SelectField } from './ReportLayout';
import { ChartEmpty, ReportDownload, ReportHeadline, ReportTable, useReportState } from './ReportParts';
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
  const ready = ui.loading ? undefined : data;

  const asOfOptions: SelectProps.Option[] = [
    { value: NOW, label: 'Now' },
    ...asOfMonths().map((m) => ({ value: m, label: monthLabel(m) })),
  ];
  const chartTitle = `${value ? TEXT.valueChart : TEXT.unitsChart} ${VALUATION_LABEL_HEADERS[view].toLowerCase()}`;

  return (
    <ReportFrame
      controls={
        <ReportFields>
          <SelectField
            label="As of"
            value={controls.asOf ?? NOW}
            options={asOfOptions}
            searchable
            onChange={(asOf) => onChange({ asOf: asOf === NOW ? undefined : asOf })}
          />
          <SegmentedField<ValuationView>
            label="Show"
            selectedId={view}
            onChange={(next) => onChange({ view: next })}
            options={VALUATION_VIEWS.map((v) => ({ id: v, text: VALUATION_VIEW_LABELS[v] }))}
          />
        </ReportFields>
      }
      build={build}
      built={data?.build}
      alert={ui.alert}
    >
      {data && asOfBeforeRecording(data) && (
        <Alert type="info" header="Recorded movements" data-testid="valuation-recording">
          {recordingNote(data.recordedSince)}
        </Alert>
      )}
      <ReportSection
        title="Summary"
        description={data ? `${asOfText(data)} (through ${data.through})` : undefined}
        report={ready}
        state={ui.state}
      >
        {(r) => <Summary report={r} />}
      </ReportSection>
      <ReportSection
        title={chartTitle}
        report={ready}
        state={ui.state}
        isEmpty={() => rows.length === 0}
        emptyText={TEXT.empty}
        emptyTestId="valuation-empty"
      >
        {() => <ValuationChart rows={rows} value={value} title={chartTitle} view={view} />}
      </ReportSection>
      <ValuationTable
        key={view}
        rows={rows}
        view={view}
        value={value}
        total={data?.total}
        ui={ui}
        actions={
          <ReportDownload
            what="Inventory valuation"
            failedText={INVENTORY_REPORT_TEXT.downloadFailed}
            disabled={!data || ui.loading || rows.length === 0}
            run={async () => (await import('./inventory-report-xlsx')).downloadValuation(data!, view, rows)}
          />
        }
      />
    </ReportFrame>
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
  ui,
  actions,
}: {
  rows: ValuationRow[];
  view: ValuationView;
  value: boolean;
  total: InventoryValuation['total'] | undefined;
  ui: { loading: boolean; tableError?: ReactNode };
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
      ui={ui}
      text={TEXT}
      filterLabel={`Filter by ${VALUATION_LABEL_HEADERS[view].toLowerCase()}`}
      filterText={(r) => r.label}
      defaultSort={{ field: canSeeCosts(session.roles) ? 'cost' : 'units', descending: true }}
    />
  );
}
