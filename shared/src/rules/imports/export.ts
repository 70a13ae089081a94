import { IMPORT_COLUMNS, type ImportColumn, type ImportKind } from './columns';

/**
 * Exports in the import's own format (issue 24, section 2): the template's header row, then one row per record,
 * each cell as text the import reads back to the same value (money with two decimals and a point, yes / no,
 * choices as stored), so an exported file imports unchanged. Text that a spreadsheet would take for a formula
 * (starting with =, +, - or @) is written after an apostrophe, which the import takes off again.
 */

/** The fields of one record an export reads: the import's fields, with references by name or SKU. */
export type ExportRecord = Record<string, unknown>;

/** A product as the API answers it, as the products import names its fields (brand and type by name). */
export const productExportRecord = (p: {
  brand: { name: string };
  type: { name: string };
  [field: string]: unknown;
}): ExportRecord => ({ ...p, brand: p.brand.name, type: p.type.name });

const FORMULA_START = /^[=+\-@]/;

/** A text cell safe to open in a spreadsheet: an apostrophe before what would start a formula. */
export const safeText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

function exportCell(column: ImportColumn, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  switch (column.type) {
    case 'money':
      return typeof value === 'number' ? value.toFixed(2) : String(value);
    case 'number':
      return String(value);
    case 'boolean':
      return value ? 'yes' : 'no';
    default:
      return safeText(String(value));
  }
}

/** The file's rows: the template's headers, then each record's cells. */
export const exportRows = (kind: ImportKind, records: readonly ExportRecord[]): string[][] => [
  IMPORT_COLUMNS[kind].map((c) => c.header),
  ...records.map((r) => IMPORT_COLUMNS[kind].map((c) => exportCell(c, r[c.field]))),
];
