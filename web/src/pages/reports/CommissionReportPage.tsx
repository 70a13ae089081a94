import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CommissionReport } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import { DownloadButton, ReportHeadline, useReportDownload, useReportState } from './ReportParts';
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
  const { downloading, download } = useReportDownload('Commission report', COMMISSION_REPORT_TEXT.downloadFailed);
  const ui = useReportState(report, COMMISSION_REPORT_TEXT);
  const { failed, loading, state, tableError } = ui;
  const shown = failed ? undefined : data;

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
        {ui.alert}
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
            <DownloadButton
              onClick={() =>
                void download(async () => {
                  const { downloadCommissionReport } = await import('./commission-report-xlsx');
                  return downloadCommissionReport(shown!);
                })
              }
              loading={downloading}
              disabled={!shown || loading}
            />
          }
        />
        <CommissionPeriodsTable report={shown} rows={failed ? [] : periods} loading={loading} error={tableError} />
      </SpaceBetween>
    </ContentLayout>
  );
}

/** Commission paid, orders paid, reps paid and periods submitted in the year. */
function Headline({ report }: { report: CommissionReport }) {
  return (
    <ReportHeadline
      ariaLabel="Commission summary"
      items={[
        ['Commission paid', formatMoney(report.total.commission)],
        ['Orders paid', formatUnits(report.total.ordersPaid)],
        ['Reps paid', formatUnits(report.reps.filter((r) => r.total.commission !== 0).length)],
        ['Periods submitted', `${submittedCount(report)} of ${report.periods.length}`],
      ]}
    />
  );
}
