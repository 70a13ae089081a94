import type { SalesReport } from '@bo/shared';
import { downloadReportWorkbook, excludedBrandsLine, type XlsxCell } from './report-xlsx';
import {
  columnsFor,
  COMPARISON_LABELS,
  DIMENSION_LABELS,
  hasCosts,
  INTERVAL_LABELS,
  labelHeader,
  rangeText,
  type SalesColumnId,
  type SalesRow,
} from './sales-report-config';

/**
 * The Sales report's table as a spreadsheet: a few lines saying what it is, then one row per series or period
 * and a total row, money as dollars and margins as percentages (written by report-xlsx.ts; this module itself is
 * imported on click).
 */

type Cell = XlsxCell;

const NUMBER_FORMATS: Partial<Record<SalesColumnId, string>> = {
  revenue: '$#,##0.00',
  cost: '$#,##0.00',
  profit: '$#,##0.00',
  compare: '$#,##0.00',
  units: '#,##0',
  orders: '#,##0',
  margin: '0.0"%"',
  change: '0.0%',
};

const cellOf = (row: SalesRow, id: SalesColumnId): Cell => {
  switch (id) {
    case 'label':
      return row.label;
    case 'compare':
      return row.compareRevenue ?? null;
    case 'change':
      return row.change ?? null;
    default:
      return row[id] ?? null;
  }
};

export function salesFileName(report: SalesReport): string {
  const by = report.groupBy ? `-by-${report.groupBy}` : '';
  return `sales-${report.from}-to-${report.to}-${report.interval}${by}.xlsx`;
}

/** Builds the workbook and has the browser save it; returns the file's name. */
export async function downloadSalesReport(report: SalesReport, rows: readonly SalesRow[]): Promise<string> {
  const columns = columnsFor(hasCosts(report), Boolean(report.compare));

  const about: string[] = [
    `Sales ${rangeText(report.from, report.to)} by ${INTERVAL_LABELS[report.interval].toLowerCase()}`,
  ];
  if (report.groupBy) about.push(`Grouped by ${DIMENSION_LABELS[report.groupBy].toLowerCase()}`);
  if (report.filter) about.push(`${DIMENSION_LABELS[report.filter.dimension]}: ${report.filter.label}`);
  if (report.compare)
    about.push(
      `Compared with ${COMPARISON_LABELS[report.compare.kind].toLowerCase()}, ${rangeText(report.compare.from, report.compare.to)}`,
    );
  about.push(...excludedBrandsLine(report.build));

  const total: SalesRow = {
    key: 'total',
    label: 'Total',
    from: report.from,
    to: report.to,
    order: rows.length,
    ...report.total,
    ...(report.compare
      ? {
          compareRevenue: report.compare.total.revenue,
          change: report.compare.total.revenue
            ? (report.total.revenue - report.compare.total.revenue) / report.compare.total.revenue
            : null,
        }
      : {}),
  };
  return downloadReportWorkbook(salesFileName(report), [
    {
      name: 'Sales',
      about,
      columns: columns.map((c) => ({
        header: c.id === 'label' ? labelHeader(report.groupBy) : c.header,
        numFmt: NUMBER_FORMATS[c.id],
      })),
      rows: rows.map((row) => columns.map((c) => cellOf(row, c.id))),
      total: columns.map((c) => cellOf(total, c.id)),
    },
  ]);
}
