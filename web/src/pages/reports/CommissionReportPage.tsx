import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import type { SelectProps } from '@cloudscape-design/components/select';
import type { CommissionReport } from '@bo/shared';
import { useApiQuery } from '../../api/hooks';
import { formatUnits } from '../../format/counts';
import { formatMoney } from '../../format/money';
import { ReportFrame, ReportPage, ReportSection, SelectField } from './ReportLayout';
import { ReportDownload, ReportHeadline, useReportState } from './ReportParts';
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
  const ui = useReportState(report, COMMISSION_REPORT_TEXT);
  const { loading, state, tableError } = ui;
  const shown = ui.failed ? undefined : report.data;
  const ready = loading ? undefined : shown;
  const reps = useMemo(() => (shown ? repRowsOf(shown) : []), [shown]);
  const periods = useMemo(() => (shown ? periodRowsOf(shown) : []), [shown]);

  const options: SelectProps.Option[] = yearOptions().map((y) => ({ value: String(y), label: String(y) }));

  return (
    <ReportPage title={COMMISSION_REPORT_TEXT.title} description={COMMISSION_REPORT_TEXT.description}>
      <ReportFrame
        controls={
          <SelectField label="Year" value={String(year)} options={options} onChange={(next) => setYear(Number(next))} />
        }
        alert={ui.alert}
      >
        <ReportSection title={shown ? `Summary ${shown.year}` : 'Summary'} report={ready} state={state}>
          {(r) => <Headline report={r} />}
        </ReportSection>
        <ReportSection
          title={COMMISSION_REPORT_TEXT.chart}
          report={ready}
          state={state}
          isEmpty={(r) => !hasCommission(r)}
          emptyText={shown && COMMISSION_REPORT_TEXT.empty(shown.year)}
          emptyTestId="commission-empty"
        >
          {(r) => <CommissionReportChart report={r} />}
        </ReportSection>
        <CommissionRepsTable
          report={shown}
          rows={reps}
          loading={loading}
          error={tableError}
          actions={
            <ReportDownload
              what="Commission report"
              failedText={COMMISSION_REPORT_TEXT.downloadFailed}
              disabled={!shown || loading}
              run={async () => (await import('./commission-report-xlsx')).downloadCommissionReport(shown!)}
            />
          }
        />
        <CommissionPeriodsTable report={shown} rows={periods} loading={loading} error={tableError} />
      </ReportFrame>
    </ReportPage>
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
