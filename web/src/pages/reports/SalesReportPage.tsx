import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { canSeeCosts, SALES_DIMENSIONS, salesReportScope, type SalesFigures, type SalesReport } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import { useReportBuild } from './ReportBuild';
import { ReportFrame, ReportPage, ReportSection } from './ReportLayout';
import { ReportDownload, useReportState } from './ReportParts';
import SalesControlsForm from './SalesReportControls';
import SalesReportChart from './SalesReportChart';
import SalesReportTable from './SalesReportTable';
import {
  changeText,
  columnsFor,
  COMPARISON_SHORT,
  controlsFromParams,
  controlsProblem,
  DIMENSION_LABELS,
  formatMargin,
  hasCosts,
  paramsFromControls,
  pointsChangeText,
  rangeText,
  reportQuery,
  rowsOf,
  SALES_REPORT_TEXT,
  type SalesControls,
} from './sales-report-config';

/**
 * `/reports/sales` (issue 25): sales over a range by day, week, month or quarter, split by one dimension, filtered
 * by at most one, compared with the previous period or last year: headline figures, a chart, a table linking to
 * the orders, a spreadsheet. The controls live in the address, so a report is a link. Cost, profit and margin show
 * only when the API sends them (roles that see costs); SALES reads their own customers only.
 */
export default function SalesReportPage() {
  const session = useSession();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const controls = useMemo(() => controlsFromParams(params), [params]);
  const setControls = (next: Partial<SalesControls>) =>
    setParams(paramsFromControls({ ...controls, ...next }), { replace: true });

  const scope = salesReportScope({ userId: session.userId, roles: session.roles });
  // SALES reads only their own customers: no rep to choose and, by the shared rule, no other filter.
  const filterDimensions = SALES_DIMENSIONS.filter((d) => !scope.refuse?.(d) && !(d === 'rep' && scope.rep));
  const groupDimensions = SALES_DIMENSIONS.filter((d) => !(d === 'rep' && scope.rep));

  const problem = controlsProblem(controls);
  const report = useApiQuery(
    'reports.sales',
    { query: reportQuery(controls) },
    { enabled: !problem, placeholderData: keepPreviousData },
  );
  const data = problem ? undefined : report.data;
  const build = useReportBuild();
  const costs = canSeeCosts(session.roles) && hasCosts(data);
  const rows = useMemo(() => (data && data.total.orders > 0 ? rowsOf(data) : []), [data]);
  const columns = columnsFor(costs, Boolean(data?.compare));
  const ui = useReportState(report, SALES_REPORT_TEXT, problem);

  return (
    <ReportPage
      title={SALES_REPORT_TEXT.title}
      description={scope.rep ? SALES_REPORT_TEXT.salesDescription : SALES_REPORT_TEXT.description}
      build={build}
    >
      <ReportFrame
        controls={
          <SalesControlsForm
            controls={controls}
            onChange={setControls}
            problem={problem}
            filterDimensions={filterDimensions}
            groupDimensions={groupDimensions}
            filterLabel={data?.filter?.label}
            canListCustomers={can('customers.getAll')}
          />
        }
        build={build}
        built={data?.build}
        alert={ui.alert}
      >
        <ReportSection
          title="Summary"
          description={
            data
              ? `${rangeText(data.from, data.to)}${data.filter ? `, ${DIMENSION_LABELS[data.filter.dimension].toLowerCase()} ${data.filter.label}` : ''}${data.compare ? `, compared with ${rangeText(data.compare.from, data.compare.to)}` : ''}`
              : undefined
          }
          report={data}
          state={ui.state}
        >
          {(r) => <Headline report={r} costs={costs} />}
        </ReportSection>
        <ReportSection
          title={SALES_REPORT_TEXT.chart}
          report={data}
          state={ui.state}
          isEmpty={(r) => r.total.orders === 0}
          emptyText={SALES_REPORT_TEXT.empty}
        >
          {(r) => <SalesReportChart report={r} />}
        </ReportSection>
        <SalesReportTable
          key={`${data?.groupBy ?? 'period'}`}
          report={data}
          rows={rows}
          columns={columns}
          loading={ui.loading}
          error={ui.tableError}
          actions={
            <ReportDownload
              what="Sales report"
              failedText={SALES_REPORT_TEXT.downloadFailed}
              disabled={!data || rows.length === 0}
              run={async () => (await import('./sales-report-xlsx')).downloadSalesReport(data!, rows)}
            />
          }
        />
      </ReportFrame>
    </ReportPage>
  );
}

/** Revenue, units, orders (and cost, profit, margin for cost viewers), each with its change vs the comparison. */
function Headline({ report, costs }: { report: SalesReport; costs: boolean }) {
  const before: SalesFigures | undefined = report.compare?.total;
  const vs = report.compare ? ` vs ${COMPARISON_SHORT[report.compare.kind]}` : '';
  const item = (label: string, value: string, change: string) => ({
    label,
    value: (
      <SpaceBetween size="xxxs">
        <Box variant="awsui-value-large" tagOverride="span">
          {value}
        </Box>
        {change && (
          <Box
            variant="small"
            color={
              change.startsWith('+')
                ? 'text-status-success'
                : change.startsWith('-')
                  ? 'text-status-error'
                  : 'text-body-secondary'
            }
          >
            {change}
            {vs}
          </Box>
        )}
      </SpaceBetween>
    ),
  });
  const t = report.total;
  const items = [
    item('Revenue', formatMoney(t.revenue), before ? changeText(t.revenue, before.revenue) : ''),
    item('Units', formatUnits(t.units), before ? changeText(t.units, before.units) : ''),
    item('Orders', formatUnits(t.orders), before ? changeText(t.orders, before.orders) : ''),
  ];
  if (costs)
    items.push(
      item('Cost', formatMoney(t.cost), before && t.cost !== undefined ? changeText(t.cost, before.cost) : ''),
      item(
        'Profit',
        formatMoney(t.profit),
        before && t.profit !== undefined ? changeText(t.profit, before.profit) : '',
      ),
      item('Margin', formatMargin(t.margin), before ? pointsChangeText(t.margin, before.margin) : ''),
    );
  return <KeyValuePairs columns={3} items={items} ariaLabel="Sales summary" />;
}
