import { downloadBlob, loadExcelJs, XLSX_TYPE } from '../../components/download-file';

/**
 * A report's tables as a spreadsheet (the Sales and Purchasing reports): each sheet a few lines saying what it
 * is, a bold header row (frozen), the rows, and a bold total row. exceljs is imported only when one is built (and
 * the modules calling this are imported on click).
 */

export type XlsxCell = string | number | null;

export interface XlsxColumn {
  header: string;
  /** An Excel number format: `$#,##0.00`, `#,##0`. */
  numFmt?: string;
  width?: number;
}

export interface ReportSheet {
  name: string;
  about: readonly string[];
  columns: readonly XlsxColumn[];
  rows: readonly XlsxCell[][];
  total?: readonly XlsxCell[];
}

export const MONEY_FORMAT = '$#,##0.00';
export const COUNT_FORMAT = '#,##0';

/** Builds the workbook and has the browser save it as `fileName`; returns the file's name. */
export async function downloadReportWorkbook(fileName: string, sheets: readonly ReportSheet[]): Promise<string> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Back Office';
  workbook.created = new Date();
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name);
    for (const line of s.about) sheet.addRow([line]);
    sheet.addRow([]);
    const headerRow = sheet.addRow(s.columns.map((c) => c.header));
    headerRow.font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: headerRow.number }];
    for (const row of s.rows) sheet.addRow([...row]);
    if (s.total) sheet.addRow([...s.total]).font = { bold: true };
    s.columns.forEach((c, i) => {
      const column = sheet.getColumn(i + 1);
      column.width = c.width ?? (i === 0 ? 32 : 16);
      if (c.numFmt)
        column.eachCell((cell, n) => {
          if (n > headerRow.number) cell.numFmt = c.numFmt!;
        });
    });
  }
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(new Blob([buffer], { type: XLSX_TYPE }), fileName);
  return fileName;
}

/** The line saying which brands the figures leave out, if any. */
export const excludedBrandsLine = (build: { excludedBrands: readonly { name: string }[] }): string[] =>
  build.excludedBrands.length
    ? [`Leaves out brands excluded from reporting: ${build.excludedBrands.map((b) => b.name).join(', ')}`]
    : [];
