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
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { CommissionReport } from '@bo/shared';
import { errorMessage } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import { useNotifications } from '../../notifications/notifications';
import { CommissionPeriodsTable, CommissionReportChart, CommissionRepsTable } from './CommissionReportTables';
import {
  COMMISSION_REPORT_TEXT,
  hasCommission,
  paramsFromYear,
  periodRowsOf,
  repRowsOf,
  submittedCount,
  yearFromParams,
  yearOptions,
} from './commission-report-config';

/**
 * `/reports/commission` (issue 25, PAYROLL and ADMIN): commission paid over a year by rep and pay period, read from
 * the pay periods: headline figures, a chart per pay period stacked by rep, the reps, the 24 periods with their
 * state, a spreadsheet. The year lives in the address, so a report is a link.
 */
export default function CommissionReportPage() {
  const notify = useNotifications();
  const [params, setParams] = useSearchParams();
  const year = useMemo(() => yearFromParams(params), [params]);
  const setYear = (next: number) => setParams(paramsFromYear(next), { replace: true });

  const report = useApiQuery(
    'reports.commission',
    { query: { year: String(year) } },
    { placeholderData: keepPreviousData },
  );
  const data = report.data;
  const reps = useMemo(() => (data ? repRowsOf(data) : []), [data]);
  const periods = useMemo(() => (data ? periodRowsOf(data) : []), [data]);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    if (!data) return;
    setDownloading(true);
    try {
      const { downloadCommissionReport } = await import('./commission-report-xlsx');
      notify.success(`Downloaded ${await downloadCommissionReport(data)}`);
    } catch (error) {
      console.error('Commission report download failed', error);
      notify.error(COMMISSION_REPORT_TEXT.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  const failed = report.isError;
  const message = failed ? errorMessage(report.error, COMMISSION_REPORT_TEXT.error) : '';
  const retry = <Button onClick={() => void report.refetch()}>Retry</Button>;
  const loading = !failed && (report.isPending || report.isPlaceholderData);
  const shown = failed ? undefined : data;
  const state = failed ? (
    <StatusIndicator type="error">{message}</StatusIndicator>
  ) : (
    <StatusIndicator type="loading">{COMMISSION_REPORT_TEXT.loading}</StatusIndicator>
  );
  const tableError = failed ? (
    <Box textAlign="center" color="inherit">
      <SpaceBetween size="xxs">
        <b>{COMMISSION_REPORT_TEXT.error}</b>
        <Box variant="p" color="inherit">
          {message}
        </Box>
        {retry}
      </SpaceBetween>
    </Box>
  ) : undefined;

  const options: SelectProps.Option[] = yearOptions().map((y) => ({ value: String(y), label: String(y) }));

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={COMMISSION_REPORT_TEXT.description}>
          {COMMISSION_REPORT_TEXT.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <FormField label="Year">
            <Select
              selectedOption={options.find((o) => o.value === String(year)) ?? options[0]!}
              options={options}
              ariaLabel="Year"
              onChange={({ detail }) => setYear(Number(detail.selectedOption.value))}
            />
          </FormField>
        </Container>
        {failed && (
          <Alert type="error" header={COMMISSION_REPORT_TEXT.error} action={retry}>
            {message}
          </Alert>
        )}
        <Container header={<Header variant="h2">{shown ? `Summary ${shown.year}` : 'Summary'}</Header>}>
          {shown && !loading ? <Headline report={shown} /> : state}
        </Container>
        <Container header={<Header variant="h2">{COMMISSION_REPORT_TEXT.chart}</Header>}>
          {shown && !loading ? (
            hasCommission(shown) ? (
              <CommissionReportChart report={shown} />
            ) : (
              <Box textAlign="center" color="text-body-secondary" padding="l" data-testid="commission-empty">
                <b>{COMMISSION_REPORT_TEXT.empty(shown.year)}</b>
              </Box>
            )
          ) : (
            state
          )}
        </Container>
        <CommissionRepsTable
          report={shown}
          rows={failed ? [] : reps}
          loading={loading}
          error={tableError}
          actions={
            <Button
              iconName="download"
              onClick={() => void download()}
              loading={downloading}
              disabled={!shown || loading}
            >
              {COMMISSION_REPORT_TEXT.download}
            </Button>
          }
        />
        <CommissionPeriodsTable report={shown} rows={failed ? [] : periods} loading={loading} error={tableError} />
      </SpaceBetween>
    </ContentLayout>
  );
}

/** Commission paid, orders paid, reps paid and periods submitted in the year. */
function Headline({ report }: { report: CommissionReport }) {
  const item = (label: string, value: string) => ({
    label,
    value: (
      <Box variant="awsui-value-large" tagOverride="span">
        {value}
      </Box>
    ),
  });
  const items = [
    item('Commission paid', formatMoney(report.total.commission)),
    item('Orders paid', formatUnits(report.total.ordersPaid)),
    item('Reps paid', formatUnits(report.reps.filter((r) => r.total.commission !== 0).length)),
    item('Periods submitted', `${submittedCount(report)} of ${report.periods.length}`),
  ];
  return <KeyValuePairs columns={4} items={items} ariaLabel="Commission summary" />;
}
