import type { CommissionReport } from '@bo/shared';
import { periodLabelOf, periodRowsOf, repRowsOf } from './commission-report-config';
import { COUNT_FORMAT, downloadReportWorkbook, MONEY_FORMAT, type XlsxCell, type XlsxColumn } from './report-xlsx';

/**
 * The Commission report as a spreadsheet: a sheet by rep (the year's commission, orders paid and share) and a
 * sheet by period with the full grid, a column of commission per rep for each of the 24 pay periods. This module
 * is imported on click.
 */

export const commissionFileName = (report: CommissionReport): string => `commission-${report.year}.xlsx`;

const SHARE_FORMAT = '0.0%';
const cents = (n: number) => Math.round(n * 100) / 100;

/** Builds the workbook and has the browser save it; returns the file's name. */
export async function downloadCommissionReport(report: CommissionReport): Promise<string> {
  const reps = repRowsOf(report);
  const periods = periodRowsOf(report);
  const about = [`Commission paid in ${report.year}, by rep and pay period`];

  const gridColumns: XlsxColumn[] = [
    { header: 'Pay period', width: 22 },
    { header: 'From', width: 12 },
    { header: 'To', width: 12 },
    { header: 'Status', width: 12 },
    ...report.reps.map((r) => ({ header: r.name, numFmt: MONEY_FORMAT })),
    { header: 'Total commission', numFmt: MONEY_FORMAT },
    { header: 'Orders paid', numFmt: COUNT_FORMAT },
  ];
  const gridRows: XlsxCell[][] = report.periods.map((p, i) => [
    periodLabelOf(p),
    p.from,
    p.to,
    periods[i]!.state,
    ...report.reps.map((r) => r.byPeriod[i]?.commission ?? 0),
    report.byPeriod[i]?.commission ?? 0,
    report.byPeriod[i]?.ordersPaid ?? 0,
  ]);
  const gridTotal: XlsxCell[] = [
    'Total',
    null,
    null,
    null,
    ...report.reps.map((r) => cents(r.total.commission)),
    report.total.commission,
    report.total.ordersPaid,
  ];

  return downloadReportWorkbook(commissionFileName(report), [
    {
      name: 'By rep',
      about,
      columns: [
        { header: 'Rep' },
        { header: 'Commission', numFmt: MONEY_FORMAT },
        { header: 'Orders paid', numFmt: COUNT_FORMAT },
        { header: 'Share of total', numFmt: SHARE_FORMAT },
      ],
      rows: reps.map((r) => [r.name, r.commission, r.ordersPaid, r.share]),
      total: ['Total', report.total.commission, report.total.ordersPaid, report.total.commission ? 1 : 0],
    },
    {
      name: 'By period',
      about: [...about, 'One column of commission per rep; the status is the pay period’s in payroll'],
      columns: gridColumns,
      rows: gridRows,
      total: gridTotal,
    },
  ]);
}
