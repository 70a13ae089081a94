import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import {
  canSeeCosts,
  COMPARISONS,
  NO_REP,
  REPORT_INTERVALS,
  SALES_DIMENSIONS,
  salesReportScope,
  type SalesDimension,
  type SalesFigures,
  type SalesReport,
} from '@bo/shared';
import { useCan } from '../../access/route-access';
import { errorMessage } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import { useNotifications } from '../../notifications/notifications';
import { ReportBuildNotes, useReportBuild } from './ReportBuild';
import ReportRangeField from './ReportRangeField';
import SalesReportChart from './SalesReportChart';
import SalesReportTable from './SalesReportTable';
import {
  changeText,
  columnsFor,
  COMPARISON_LABELS,
  COMPARISON_SHORT,
  controlsFromParams,
  controlsProblem,
  customerIntervalOk,
  CUSTOMER_TYPE_OPTIONS,
  DIMENSION_LABELS,
  formatMargin,
  hasCosts,
  INTERVAL_LABELS,
  paramsFromControls,
  pointsChangeText,
  rangeText,
  reportQuery,
  rowsOf,
  SALES_REPORT_TEXT,
  type SalesControls,
} from './sales-report-config';

const LIST_STALE_MS = 5 * 60_000;
const NONE = '';

/**
 * `/reports/sales` (issue 25): sales over a range by day, week, month or quarter, split by one dimension, filtered
 * by at most one, compared with the previous period or last year: headline figures, a chart, a table linking to
 * the orders, a spreadsheet. The controls live in the address, so a report is a link. Cost, profit and margin show
 * only when the API sends them (roles that see costs); SALES reads their own customers only.
 */
export default function SalesReportPage() {
  const session = useSession();
  const can = useCan();
  const notify = useNotifications();
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
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    if (!data) return;
    setDownloading(true);
    try {
      const { downloadSalesReport } = await import('./sales-report-xlsx');
      notify.success(`Downloaded ${await downloadSalesReport(data, rows)}`);
    } catch (error) {
      console.error('Sales report download failed', error);
      notify.error(SALES_REPORT_TEXT.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  const failed = report.isError && !problem;
  const message = failed ? errorMessage(report.error, SALES_REPORT_TEXT.error) : '';
  const retry = <Button onClick={() => void report.refetch()}>Retry</Button>;
  const buildInfo = build.status ?? data?.build;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={scope.rep ? SALES_REPORT_TEXT.salesDescription : SALES_REPORT_TEXT.description}
          actions={
            build.canRebuild && (
              <Button onClick={build.rebuild} loading={build.starting} disabled={build.rebuilding}>
                {SALES_REPORT_TEXT.rebuild}
              </Button>
            )
          }
        >
          {SALES_REPORT_TEXT.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <SalesControlsForm
            controls={controls}
            onChange={setControls}
            problem={problem}
            filterDimensions={filterDimensions}
            groupDimensions={groupDimensions}
            filterLabel={data?.filter?.label}
            canListCustomers={can('customers.getAll')}
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
        {failed && (
          <Alert type="error" header={SALES_REPORT_TEXT.error} action={retry}>
            {message}
          </Alert>
        )}
        <Container
          header={
            <Header
              variant="h2"
              description={
                data
                  ? `${rangeText(data.from, data.to)}${data.filter ? `, ${DIMENSION_LABELS[data.filter.dimension].toLowerCase()} ${data.filter.label}` : ''}${data.compare ? `, compared with ${rangeText(data.compare.from, data.compare.to)}` : ''}`
                  : undefined
              }
            >
              Summary
            </Header>
          }
        >
          {data ? (
            <Headline report={data} costs={costs} />
          ) : failed ? (
            <StatusIndicator type="error">{message}</StatusIndicator>
          ) : problem ? (
            <StatusIndicator type="warning">{problem.message}</StatusIndicator>
          ) : (
            <StatusIndicator type="loading">{SALES_REPORT_TEXT.loading}</StatusIndicator>
          )}
        </Container>
        <Container header={<Header variant="h2">{SALES_REPORT_TEXT.chart}</Header>}>
          {data ? (
            data.total.orders > 0 ? (
              <SalesReportChart report={data} />
            ) : (
              <Box textAlign="center" color="text-body-secondary" padding="l">
                <b>{SALES_REPORT_TEXT.empty}</b>
              </Box>
            )
          ) : failed ? (
            <StatusIndicator type="error">{message}</StatusIndicator>
          ) : problem ? (
            <StatusIndicator type="warning">{problem.message}</StatusIndicator>
          ) : (
            <StatusIndicator type="loading">{SALES_REPORT_TEXT.loading}</StatusIndicator>
          )}
        </Container>
        <SalesReportTable
          key={`${data?.groupBy ?? 'period'}`}
          report={data}
          rows={rows}
          columns={columns}
          loading={!problem && !failed && (report.isPending || report.isPlaceholderData)}
          error={
            failed ? (
              <Box textAlign="center" color="inherit">
                <SpaceBetween size="xxs">
                  <b>{SALES_REPORT_TEXT.error}</b>
                  <Box variant="p" color="inherit">
                    {message}
                  </Box>
                  {retry}
                </SpaceBetween>
              </Box>
            ) : problem ? (
              <Box textAlign="center" color="inherit">
                {problem.message}
              </Box>
            ) : undefined
          }
          actions={
            <Button
              iconName="download"
              onClick={() => void download()}
              loading={downloading}
              disabled={!data || rows.length === 0}
            >
              {SALES_REPORT_TEXT.download}
            </Button>
          }
        />
      </SpaceBetween>
    </ContentLayout>
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

interface ControlsProps {
  controls: SalesControls;
  onChange: (next: Partial<SalesControls>) => void;
  problem: ReturnType<typeof controlsProblem>;
  filterDimensions: SalesDimension[];
  groupDimensions: SalesDimension[];
  /** The filter value's name as the report gave it (until the list loads). */
  filterLabel?: string;
  canListCustomers: boolean;
}

/** Range, interval, grouping, one filter and a comparison: each change is a new address. */
function SalesControlsForm({
  controls,
  onChange,
  problem,
  filterDimensions,
  groupDimensions,
  filterLabel,
  canListCustomers,
}: ControlsProps) {
  const [pendingDimension, setPendingDimension] = useState<SalesDimension | undefined>(undefined);
  const dimension = controls.filter?.dimension ?? pendingDimension;

  const groupOptions: SelectProps.Option[] = [
    { value: NONE, label: 'None' },
    ...groupDimensions.map((d) => ({
      value: d,
      label: DIMENSION_LABELS[d],
      disabled: (d === 'customer' && !customerIntervalOk(controls.interval)) || d === controls.filter?.dimension,
      description: d === 'customer' && !customerIntervalOk(controls.interval) ? 'By month or quarter only' : undefined,
    })),
  ];
  const compareOptions: SelectProps.Option[] = [
    { value: NONE, label: 'None' },
    ...COMPARISONS.map((c) => ({ value: c, label: COMPARISON_LABELS[c] })),
  ];
  const dimensionOptions: SelectProps.Option[] = [
    { value: NONE, label: 'None' },
    ...filterDimensions.map((d) => ({ value: d, label: DIMENSION_LABELS[d] })),
  ];
  const pick = (options: SelectProps.Option[], value: string | undefined) =>
    options.find((o) => o.value === (value ?? NONE)) ?? options[0]!;

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
          onChange={({ detail }) => onChange({ interval: detail.selectedId as SalesControls['interval'] })}
          options={REPORT_INTERVALS.map((i) => ({
            id: i,
            text: INTERVAL_LABELS[i],
            disabled: controls.groupBy === 'customer' && !customerIntervalOk(i),
          }))}
        />
      </FormField>
      <FormField label="Group by">
        <Select
          selectedOption={pick(groupOptions, controls.groupBy)}
          options={groupOptions}
          ariaLabel="Group by"
          onChange={({ detail }) =>
            onChange({ groupBy: (detail.selectedOption.value || undefined) as SalesDimension | undefined })
          }
        />
      </FormField>
      {filterDimensions.length > 0 && (
        <FormField label="Filter by">
          <SpaceBetween direction="horizontal" size="xs">
            <Select
              selectedOption={pick(dimensionOptions, dimension)}
              options={dimensionOptions}
              ariaLabel="Filter by"
              onChange={({ detail }) => {
                const next = (detail.selectedOption.value || undefined) as SalesDimension | undefined;
                setPendingDimension(next);
                if (controls.filter && controls.filter.dimension !== next) onChange({ filter: undefined });
              }}
            />
            {dimension && (
              <FilterValue
                dimension={dimension}
                value={controls.filter?.dimension === dimension ? controls.filter.key : undefined}
                label={filterLabel}
                canListCustomers={canListCustomers}
                onChange={(key) =>
                  onChange({
                    filter: { dimension, key },
                    // Grouping by what is filtered shows one row: drop it.
                    ...(controls.groupBy === dimension ? { groupBy: undefined } : {}),
                  })
                }
              />
            )}
          </SpaceBetween>
        </FormField>
      )}
      <FormField label="Compare with">
        <Select
          selectedOption={pick(compareOptions, controls.compare)}
          options={compareOptions}
          ariaLabel="Compare with"
          onChange={({ detail }) =>
            onChange({ compare: (detail.selectedOption.value || undefined) as SalesControls['compare'] })
          }
        />
      </FormField>
    </SpaceBetween>
  );
}

/** The filter's value: the brands, customers, customer types, product types or users (reps) to choose from. */
function FilterValue({
  dimension,
  value,
  label,
  canListCustomers,
  onChange,
}: {
  dimension: SalesDimension;
  value: string | undefined;
  label?: string;
  canListCustomers: boolean;
  onChange: (key: string) => void;
}) {
  const options = useFilterOptions(dimension, canListCustomers);
  const selected = value ? (options.options.find((o) => o.value === value) ?? { value, label: label ?? value }) : null;
  return (
    <Select
      selectedOption={selected}
      options={options.options}
      statusType={options.status}
      loadingText="Loading"
      errorText="Could not load the list"
      filteringType="auto"
      placeholder={`Choose a ${DIMENSION_LABELS[dimension].toLowerCase()}`}
      ariaLabel={`${DIMENSION_LABELS[dimension]} to filter by`}
      empty="Nothing to choose"
      expandToViewport
      onChange={({ detail }) => detail.selectedOption.value && onChange(detail.selectedOption.value)}
    />
  );
}

const byLabel = (a: SelectProps.Option, b: SelectProps.Option) => (a.label ?? '').localeCompare(b.label ?? '', 'en-US');

/** Each dimension's values, from the lists the app already reads; only the chosen dimension's list is asked for. */
function useFilterOptions(
  dimension: SalesDimension,
  canListCustomers: boolean,
): { options: SelectProps.Option[]; status: SelectProps['statusType'] } {
  const brands = useApiQuery('brands.getAll', {}, { enabled: dimension === 'brand', staleTime: LIST_STALE_MS });
  const customers = useApiQuery(
    'customers.getAll',
    {},
    { enabled: dimension === 'customer' && canListCustomers, staleTime: LIST_STALE_MS },
  );
  const types = useApiQuery(
    'products.getProductTypes',
    {},
    { enabled: dimension === 'productType', staleTime: LIST_STALE_MS },
  );
  const users = useApiQuery('users.getAll', {}, { enabled: dimension === 'rep', staleTime: LIST_STALE_MS });
  const status = (q: { isPending: boolean; isError: boolean }): SelectProps['statusType'] =>
    q.isError ? 'error' : q.isPending ? 'loading' : 'finished';
  switch (dimension) {
    case 'brand':
      return {
        options: (brands.data?.res ?? []).map((b) => ({ value: b.id, label: b.name })).sort(byLabel),
        status: status(brands),
      };
    case 'customer':
      return {
        options: (customers.data ?? []).map((c) => ({ value: c.id, label: c.customerName })).sort(byLabel),
        status: status(customers),
      };
    case 'productType':
      // Sales are kept by the type's name.
      return {
        options: (types.data ?? []).map((t) => ({ value: t.name, label: t.name })).sort(byLabel),
        status: status(types),
      };
    case 'customerType':
      return { options: CUSTOMER_TYPE_OPTIONS, status: 'finished' };
    case 'rep':
      return {
        options: [
          { value: NO_REP, label: 'No account owner' },
          ...(users.data?.res ?? []).map((u) => ({ value: u.id, label: u.name })).sort(byLabel),
        ],
        status: status(users),
      };
  }
}
