import { parse } from 'csv-parse/sync';
import { isEmptyRow } from '@bo/shared';

/**
 * An import's file as rows of cells (issue 24): a CSV (comma or semicolon separated, as European Excel saves it,
 * UTF-8 with or without its byte-order mark) or an .xlsx workbook's first sheet (exceljs, loaded only here).
 * Cells keep what the sheet holds (numbers, dates, formulas as `{ formula }`) for the shared cell readers. Each
 * row carries its number in the file; empty rows are left out.
 */

export const MAX_IMPORT_ROWS = 20_000;

export const FILE_MESSAGES = {
  notSpreadsheet: 'This file is not a spreadsheet: upload the template as .xlsx or .csv',
  legacyExcel: 'This is an old Excel file (.xls): save it as .xlsx or .csv and upload that',
  empty: 'The file has no rows: start from the template',
  noData: 'The file has its header row and nothing under it',
  tooManyRows: (rows: number) =>
    `The file has ${rows.toLocaleString('en-US')} rows; an import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')}: split it`,
  unreadable: (why: string) => `The file could not be read: ${why}`,
} as const;

export interface FileRow {
  /** 1-based, as the spreadsheet numbers it. */
  row: number;
  cells: unknown[];
}

export type ReadResult = { ok: true; header: unknown[]; rows: FileRow[] } | { ok: false; message: string };

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

/** Whether bytes read as text: valid UTF-8 with no NUL (a CSV). */
function textOf(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export async function readSpreadsheet(bytes: Uint8Array): Promise<ReadResult> {
  if (bytes.length === 0) return { ok: false, message: FILE_MESSAGES.empty };
  if (startsWith(bytes, OLE)) return { ok: false, message: FILE_MESSAGES.legacyExcel };
  let all: FileRow[];
  try {
    if (startsWith(bytes, ZIP)) {
      const book = await readWorkbook(bytes);
      if ('tooMany' in book) return { ok: false, message: FILE_MESSAGES.tooManyRows(book.tooMany) };
      all = book.rows;
    } else {
      const text = textOf(bytes);
      if (text === undefined) return { ok: false, message: FILE_MESSAGES.notSpreadsheet };
      all = readCsv(text);
    }
  } catch (error) {
    return { ok: false, message: FILE_MESSAGES.unreadable(error instanceof Error ? error.message : String(error)) };
  }
  const rows = all.filter((r) => !isEmptyRow(r.cells));
  const [header, ...data] = rows;
  if (!header) return { ok: false, message: FILE_MESSAGES.empty };
  if (data.length === 0) return { ok: false, message: FILE_MESSAGES.noData };
  if (data.length > MAX_IMPORT_ROWS) return { ok: false, message: FILE_MESSAGES.tooManyRows(data.length) };
  return { ok: true, header: header.cells, rows: data };
}

/** Semicolons when the first line holds more of them than commas (Excel's CSV where the decimal point is a comma). */
const delimiterOf = (text: string) => {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  return (first.match(/;/g) ?? []).length > (first.match(/,/g) ?? []).length ? ';' : ',';
};

function readCsv(text: string): FileRow[] {
  const records = parse(text, {
    bom: true,
    delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
  }) as string[][];
  return records.map((cells, i) => ({ row: i + 1, cells }));
}

/** A cell as the shared readers take it: rich text and links as their text, formulas kept as `{ formula }`. */
function cellValue(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' || value instanceof Date) return value;
  const v = value as {
    richText?: Array<{ text: string }>;
    text?: unknown;
    formula?: string;
    sharedFormula?: string;
    error?: string;
  };
  if (v.formula !== undefined || v.sharedFormula !== undefined) return { formula: v.formula ?? v.sharedFormula };
  if (v.richText) return v.richText.map((r) => r.text).join('');
  if (v.text !== undefined) return cellValue(v.text);
  if (v.error !== undefined) return v.error;
  return String(value);
}

async function readWorkbook(bytes: Uint8Array): Promise<{ rows: FileRow[] } | { tooMany: number }> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [] };
  // Rows past the limit are refused before they are copied (a sheet keeps trailing blank rows: some slack).
  if (sheet.actualRowCount > MAX_IMPORT_ROWS + 1) return { tooMany: sheet.actualRowCount - 1 };
  const rows: FileRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push({ row: number, cells: values.map(cellValue) });
  });
  return { rows };
}
