import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import type { SelectProps } from '@cloudscape-design/components/select';
import { canSeeCosts, PURCHASE_GROUPS, PURCHASE_REPORT_INTERVALS, type PurchasesReport } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import PurchasesReportChart, { purchasesChartTitle } from './PurchasesReportChart';
import { OnOrderTable, PurchasesFiguresTable } from './PurchasesReportTables';
import { useReportBuild } from './ReportBuild';
import { BrandField, ReportFrame, ReportPage, ReportSection, SelectField } from './ReportLayout';
import { ReportDownload, ReportHeadline, useReportState } from './ReportParts';
import { RangeIntervalFields } from './ReportRangeField';
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
  const ui = useReportState(report, PURCHASES_REPORT_TEXT, problem);
  const { loading, tableError } = ui;

  return (
    <ReportPage
      title={PURCHASES_REPORT_TEXT.title}
      description={
        canSeeCosts(session.roles) ? PURCHASES_REPORT_TEXT.description : PURCHASES_REPORT_TEXT.inventoryDescription
      }
      build={build}
    >
      <ReportFrame
        controls={
          <PurchasesControlsForm
            controls={controls}
            onChange={setControls}
            problem={problem}
            brandLabel={data?.filter?.label}
          />
        }
        build={build}
        built={data?.build}
        alert={ui.alert}
      >
        <ReportSection
          title="Summary"
          description={
            data ? `${rangeText(data.from, data.to)}${data.filter ? `, brand ${data.filter.label}` : ''}` : undefined
          }
          report={data}
          state={ui.state}
        >
          {(r) => <Headline report={r} spend={spend} />}
        </ReportSection>
        <ReportSection
          title={purchasesChartTitle(data)}
          report={data}
          state={ui.state}
          isEmpty={(r) => !hasPurchases(r)}
          emptyText={PURCHASES_REPORT_TEXT.empty}
        >
          {(r) => <PurchasesReportChart report={r} />}
        </ReportSection>
        <PurchasesFiguresTable
          key={`${data?.groupBy ?? 'period'}-${spend}`}
          report={data}
          rows={rows}
          columns={columns}
          spend={spend}
          loading={loading}
          error={tableError}
          actions={
            <ReportDownload
              what="Purchasing report"
              failedText={PURCHASES_REPORT_TEXT.downloadFailed}
              disabled={!data || (rows.length === 0 && data.onOrder.length === 0)}
              run={async () => (await import('./purchases-report-xlsx')).downloadPurchasesReport(data!, rows)}
            />
          }
        />
        <OnOrderTable key={`on-order-${spend}`} report={data} spend={spend} loading={loading} error={tableError} />
      </ReportFrame>
    </ReportPage>
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
  const groupOptions: SelectProps.Option[] = [
    { value: NONE, label: 'None' },
    ...PURCHASE_GROUPS.map((g) => ({
      value: g,
      label: PURCHASE_GROUP_LABELS[g],
      disabled: g === 'brand' && controls.brand !== undefined,
      description: g === 'brand' && controls.brand !== undefined ? 'Not with one brand chosen' : undefined,
    })),
  ];

  return (
    <RangeIntervalFields
      controls={controls}
      problem={problem}
      intervals={PURCHASE_REPORT_INTERVALS.map((i) => ({ id: i, text: PURCHASE_INTERVAL_LABELS[i] }))}
      onChange={onChange}
    >
      <SelectField
        label="Group by"
        value={controls.groupBy}
        options={groupOptions}
        onChange={(groupBy) => onChange({ groupBy: (groupBy || undefined) as PurchaseGroup | undefined })}
      />
      <BrandField
        value={controls.brand}
        label={brandLabel}
        onChange={(brand) =>
          // One brand split by brand is one row: drop the grouping.
          onChange({ brand, ...(brand && controls.groupBy === 'brand' ? { groupBy: undefined } : {}) })
        }
      />
    </RangeIntervalFields>
  );
}
