import type { ReceivablesReport } from '@bo/shared';
import { monthLabel } from './report-common';
import { monthTotals } from './receivables-report-config';
import { downloadReportWorkbook, MONEY_FORMAT } from './report-xlsx';

/**
 * The Receivables report as a spreadsheet: a sheet of the months (invoiced, received, credited, owed at the end,
 * DSO) with the range's totals, and a sheet of the ageing today. This module is imported on click.
 */
export function downloadReceivablesReport(report: ReceivablesReport): Promise<string> {
  const a = report.ageing;
  const totals = monthTotals(report.months);
  return downloadReportWorkbook(`receivables-${report.from}-to-${report.to}.xlsx`, [
    {
      name: 'By month',
      about: [
        `Receivables ${monthLabel(report.from)} to ${monthLabel(report.to)}`,
        'DSO: owed at the month end ÷ invoiced in the month × the days in the month (blank without invoices)',
      ],
      columns: [
        { header: 'Month', width: 18 },
        { header: 'Invoiced', numFmt: MONEY_FORMAT },
        { header: 'Received', numFmt: MONEY_FORMAT },
        { header: 'Credited', numFmt: MONEY_FORMAT },
        { header: 'Owed at month end', numFmt: MONEY_FORMAT, width: 20 },
        { header: 'DSO (days)', numFmt: '0.0' },
      ],
      rows: report.months.map((m) => [m.month, m.invoiced, m.received, m.credited, m.balance, m.dso]),
      total: ['Total', totals.invoiced, totals.received, totals.credited, null, null],
    },
    {
      name: 'Ageing',
      about: [`Owed on ${a.asOf} by days since the order date, ${a.customers} customers owing`],
      columns: [
        { header: 'Age', width: 18 },
        { header: 'Owed', numFmt: MONEY_FORMAT },
      ],
      rows: [
        ['0–30 days', a.days0to30],
        ['31–60 days', a.days31to60],
        ['61–90 days', a.days61to90],
        ['Over 90 days', a.over90],
      ],
      total: ['Balance due', a.balanceDue],
    },
  ]);
}
