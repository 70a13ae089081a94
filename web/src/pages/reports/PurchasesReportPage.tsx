import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { canSeeCosts, PURCHASE_GROUPS, PURCHASE_REPORT_INTERVALS, type PurchasesReport } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import PurchasesReportChart, { purchasesChartTitle } from './PurchasesReportChart';
import { OnOrderTable, PurchasesFiguresTable } from './PurchasesReportTables';
import { RebuildAction, ReportBuildNotes, useReportBuild } from './ReportBuild';
import { DownloadButton, ReportHeadline, useReportDownload, useReportState } from './ReportParts';
import ReportRangeField from './ReportRangeField';
import { rangeText } from './report-common';
import {
  hasPurchases,
  hasSpend,
  paramsFromPurchasesControls,
  PURCHASE_GROUP_LABELS,
  PURCHASE_INTERVAL_LABELS,
  PURCHASES_REPORT_TEXT,
  purchasesColumnsFor,
  purchasesControlsFromParams,
  purchasesControlsProblem,
  purchasesReportQuery,
  purchasesRowsOf,
  type PurchaseGroup,
  type PurchasesControls,
} from './purchases-report-config';

const LIST_STALE_MS = 5 * 60_000;
const NONE = '';

/**
 * `/reports/purchases` (issue 25): purchase orders placed over a range by month or quarter, split by brand or
 * product type, for one brand at most: headline figures, a chart, a table, what is on order now, a spreadsheet.
 * The controls live in the address, so a report is a link. Spend shows only when the API sends it (roles that see
 * costs; INVENTORY reads units and orders).
 */
export default function PurchasesReportPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const controls = useMemo(() => purchasesControlsFromParams(params), [params]);
  const setControls = (next: Partial<PurchasesControls>) =>
    setParams(paramsFromPurchasesControls({ ...controls, ...next }), { replace: true });

  const problem = purchasesControlsProblem(controls);
  const report = useApiQuery(
    'reports.purchases',
    { query: purchasesReportQuery(controls) },
    { enabled: !problem, placeholderData: keepPreviousData },
  );
  const data = problem ? undefined : report.data;
  const build = useReportBuild();
  const spend = canSeeCosts(session.roles) && hasSpend(data);
  const rows = useMemo(() => (data && hasPurchases(data) ? purchasesRowsOf(data) : []), [data]);
  const columns = purchasesColumnsFor(spend);
  const { downloading, download } = useReportDownload('Purchasing report', PURCHASES_REPORT_TEXT.downloadFailed);
  const ui = useReportState(report, PURCHASES_REPORT_TEXT, problem);
  const { loading, state, tableError } = ui;
  const buildInfo = build.status ?? data?.build;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            canSeeCosts(session.roles) ? PURCHASES_REPORT_TEXT.description : PURCHASES_REPORT_TEXT.inventoryDescription
          }
          actions={<RebuildAction build={build} />}
        >
          {PURCHASES_REPORT_TEXT.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <PurchasesControlsForm
            controls={controls}
            onChange={setControls}
            problem={problem}
            brandLabel={data?.filter?.label}
          />
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
        <Container
          header={
            <Header
              variant="h2"
              description={
                data
                  ? `${rangeText(data.from, data.to)}${data.filter ? `, brand ${data.filter.label}` : ''}`
                  : undefined
              }
            >
              Summary
            </Header>
          }
        >
          {data ? <Headline report={data} spend={spend} /> : state}
        </Container>
        <Container header={<Header variant="h2">{purchasesChartTitle(data)}</Header>}>
          {data ? (
            hasPurchases(data) ? (
              <PurchasesReportChart report={data} />
            ) : (
              <Box textAlign="center" color="text-body-secondary" padding="l">
                <b>{PURCHASES_REPORT_TEXT.empty}</b>
              </Box>
            )
          ) : (
            state
          )}
        </Container>
        <PurchasesFiguresTable
          key={`${data?.groupBy ?? 'period'}-${spend}`}
          report={data}
          rows={rows}
          columns={columns}
          spend={spend}
          loading={loading}
          error={tableError}
          actions={
            <DownloadButton
              onClick={() =>
                void download(async () => {
                  const { downloadPurchasesReport } = await import('./purchases-report-xlsx');
                  return downloadPurchasesReport(data!, rows);
                })
              }
              loading={downloading}
              disabled={!data || (rows.length === 0 && data.onOrder.length === 0)}
            />
          }
        />
        <OnOrderTable key={`on-order-${spend}`} report={data} spend={spend} loading={loading} error={tableError} />
      </SpaceBetween>
    </ContentLayout>
  );
}

/** Spend (for roles that see it), units and purchase orders over the range. */
function Headline({ report, spend }: { report: PurchasesReport; spend: boolean }) {
  const t = report.total;
  return (
    <ReportHeadline
      ariaLabel="Purchasing summary"
      columns={3}
      items={[
        ...(spend ? [['Spend', formatMoney(t.cost)] as const] : []),
        ['Units', formatUnits(t.units)],
        ['Purchase orders', formatUnits(t.orders)],
      ]}
    />
  );
}

/** Range, interval, grouping and one brand: each change is a new address. */
function PurchasesControlsForm({
  controls,
  onChange,
  problem,
  brandLabel,
}: {
  controls: PurchasesControls;
  onChange: (next: Partial<PurchasesControls>) => void;
  problem: ReturnType<typeof purchasesControlsProblem>;
  /** The brand's name as the report gave it (until the list loads). */
  brandLabel?: string;
}) {
  const brands = useApiQuery('brands.getAll', {}, { staleTime: LIST_STALE_MS });
  const groupOptions: SelectProps.Option[] = [
    { value: NONE, label: 'None' },
    ...PURCHASE_GROUPS.map((g) => ({
      value: g,
      label: PURCHASE_GROUP_LABELS[g],
      disabled: g === 'brand' && controls.brand !== undefined,
      description: g === 'brand' && controls.brand !== undefined ? 'Not with one brand chosen' : undefined,
    })),
  ];
  const brandOptions: SelectProps.Option[] = [
    { value: NONE, label: 'All brands' },
    ...(brands.data?.res ?? [])
      .map((b) => ({ value: b.id, label: b.name }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en-US')),
  ];
  const selectedBrand = controls.brand
    ? (brandOptions.find((o) => o.value === controls.brand) ?? {
        value: controls.brand,
        label: brandLabel ?? controls.brand,
      })
    : brandOptions[0]!;

  return (
    <SpaceBetween direction="horizontal" size="l">
      <ReportRangeField
        from={controls.from}
        to={controls.to}
        errorText={problem?.field === 'range' ? problem.message : undefined}
        onChange={onChange}
      />
      <FormField label="Interval" errorText={problem?.field === 'interval' ? problem.message : undefined}>
        <SegmentedControl
          label="Interval"
          selectedId={controls.interval}
          onChange={({ detail }) => onChange({ interval: detail.selectedId as PurchasesControls['interval'] })}
          options={PURCHASE_REPORT_INTERVALS.map((i) => ({ id: i, text: PURCHASE_INTERVAL_LABELS[i] }))}
        />
      </FormField>
      <FormField label="Group by">
        <Select
          selectedOption={groupOptions.find((o) => o.value === (controls.groupBy ?? NONE)) ?? groupOptions[0]!}
          options={groupOptions}
          ariaLabel="Group by"
          onChange={({ detail }) =>
            onChange({ groupBy: (detail.selectedOption.value || undefined) as PurchaseGroup | undefined })
          }
        />
      </FormField>
      <FormField label="Brand">
        <Select
          selectedOption={selectedBrand}
          options={brandOptions}
          statusType={brands.isError ? 'error' : brands.isPending ? 'loading' : 'finished'}
          loadingText="Loading brands"
          errorText="Could not load the brands"
          filteringType="auto"
          ariaLabel="Brand"
          empty="No brands"
          expandToViewport
          onChange={({ detail }) => {
            const brand = detail.selectedOption.value || undefined;
            // One brand split by brand is one row: drop the grouping.
            onChange({ brand, ...(brand && controls.groupBy === 'brand' ? { groupBy: undefined } : {}) });
          }}
        />
      </FormField>
    </SpaceBetween>
  );
}
