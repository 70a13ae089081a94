import {
  exportRows,
  IMPORT_COLUMNS,
  templateGuide,
  templateRows,
  type ExportRecord,
  type ImportKind,
} from '@bo/shared';
import { today } from '../format/today';
import { downloadBlob, loadExcelJs, XLSX_TYPE } from './download-file';

/**
 * Exports in the import's own format (issue 24, section 2): the import template's header row, then one row per
 * record (`exportRows`), saved as CSV or .xlsx, so the file can be edited and imported back unchanged. Pages
 * import this module on click; exceljs is loaded only when an .xlsx is built.
 */

export type ExportFormat = 'csv' | 'xlsx';

/** What a file and its sheet are called, per kind: `Products_export_2026-11-27.csv`, sheet 'Products'. */
export const EXPORT_NAMES: Readonly<Record<ImportKind, string>> = {
  brands: 'Brands',
  productTypes: 'Product types',
  products: 'Products',
  customers: 'Customers',
  customPrices: 'Custom prices',
};

export const exportFileName = (kind: ImportKind, format: ExportFormat, day: string = today()): string =>
  `${EXPORT_NAMES[kind].replace(/\s+/g, '_')}_export_${day}.${format}`;

const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, inner quotes doubled. */
const csvCell = (cell: string): string => (NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The rows as CSV text: CRLF line ends, a UTF-8 byte order mark first so Excel reads accents. */
export const toCsv = (rows: readonly (readonly string[])[]): string =>
  `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** Rows of a template that a dropdown guards (the import's row limit, and the header). */
const TEMPLATE_ROWS = 20_001;

/**
 * The rows as an .xlsx workbook's bytes: one sheet named after the kind, text cells, a bold header row. A template
 * (`guide`) also gets dropdowns of the allowed values on its choice and yes/no columns and a "How to fill" sheet.
 */
export async function toXlsx(
  kind: ImportKind,
  rows: readonly (readonly string[])[],
  guide?: readonly (readonly string[])[],
): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Back Office';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(EXPORT_NAMES[kind], { views: [{ state: 'frozen', ySplit: 1 }] });
  const width = rows[0]?.length ?? 0;
  for (let i = 1; i <= width; i++) {
    const longest = Math.max(...rows.map((r) => (r[i - 1] ?? '').length));
    // Text format, so Excel keeps `0012` or `1.50` as written; wide enough for the longest cell, within reason.
    sheet.getColumn(i).numFmt = '@';
    sheet.getColumn(i).width = Math.min(Math.max(longest + 2, 8), 60);
  }
  sheet.addRows(rows.map((r) => [...r]));
  sheet.getRow(1).font = { bold: true };
  if (guide) {
    IMPORT_COLUMNS[kind].forEach((column, i) => {
      const allowed = column.allowed ?? (column.type === 'boolean' ? ['yes', 'no'] : undefined);
      if (!allowed) return;
      const letter = sheet.getColumn(i + 1).letter;
      (sheet as unknown as { dataValidations: { add(range: string, rule: unknown): void } }).dataValidations.add(
        `${letter}2:${letter}${TEMPLATE_ROWS}`,
        { type: 'list', allowBlank: true, formulae: [`"${allowed.join(',')}"`], showErrorMessage: true },
      );
    });
    const notes = workbook.addWorksheet('How to fill');
    notes.addRows(guide.map((r) => [...r]));
    notes.getRow(1).font = { bold: true };
    [24, 10, 60, 28].forEach((width, i) => (notes.getColumn(i + 1).width = width));
  }
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/** The template's file name: `Products_import_template.xlsx`. */
export const templateFileName = (kind: ImportKind, format: ExportFormat): string =>
  `${EXPORT_NAMES[kind].replace(/\s+/g, '_')}_import_template.${format}`;

/** Has the browser save `rows` as `fileName`, CSV or .xlsx. */
async function saveRows(
  kind: ImportKind,
  rows: readonly (readonly string[])[],
  format: ExportFormat,
  fileName: string,
  guide?: readonly (readonly string[])[],
): Promise<void> {
  const blob =
    format === 'csv'
      ? new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' })
      : new Blob([await toXlsx(kind, rows, guide)], { type: XLSX_TYPE });
  downloadBlob(blob, fileName);
}

/** Builds the file for `records` and has the browser save it; answers the file's name. */
export async function downloadImportFormat(
  kind: ImportKind,
  records: readonly ExportRecord[],
  format: ExportFormat,
): Promise<string> {
  const fileName = exportFileName(kind, format);
  await saveRows(kind, exportRows(kind, records), format, fileName);
  return fileName;
}

/** The import template (its header row and one sample row, `templateRows`), saved; answers the file's name. */
export async function downloadTemplate(kind: ImportKind, format: ExportFormat): Promise<string> {
  const fileName = templateFileName(kind, format);
  await saveRows(kind, templateRows(kind), format, fileName, templateGuide(kind));
  return fileName;
}
