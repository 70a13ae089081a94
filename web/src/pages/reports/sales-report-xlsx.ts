import type { SalesReport } from '@bo/shared';
import { downloadBlob, loadExcelJs, XLSX_TYPE } from '../../components/download-file';
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
 * and a total row, money as dollars and margins as percentages. exceljs is imported only when one is built
 * (this module itself is imported on click).
 */

type Cell = string | number | null;

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
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Back Office';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Sales');
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
  if (report.build.excludedBrands.length)
    about.push(
      `Leaves out brands excluded from reporting: ${report.build.excludedBrands.map((b) => b.name).join(', ')}`,
    );
  for (const line of about) sheet.addRow([line]);
  sheet.addRow([]);

  const headerRow = sheet.addRow(columns.map((c) => (c.id === 'label' ? labelHeader(report.groupBy) : c.header)));
  headerRow.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: headerRow.number }];
  for (const row of rows) sheet.addRow(columns.map((c) => cellOf(row, c.id)));
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
  sheet.addRow(columns.map((c) => cellOf(total, c.id))).font = { bold: true };

  columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = c.id === 'label' ? 32 : 16;
    const format = NUMBER_FORMATS[c.id];
    if (format)
      column.eachCell((cell, n) => {
        if (n > headerRow.number) cell.numFmt = format;
      });
  });

  const buffer = await workbook.xlsx.writeBuffer();
  const fileName = salesFileName(report);
  downloadBlob(new Blob([buffer], { type: XLSX_TYPE }), fileName);
  return fileName;
}
