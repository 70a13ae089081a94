import { GENETICS, PRODUCT_STATUSES } from '../../schemas/catalog';
import { COMM_PREFS, CUSTOMER_TYPES, ORDER_TYPES } from '../../schemas/customers';
import { type CellResult, cellText, isFormula, parseBooleanCell, parseNumberCell } from './cells';
import type { ImportKind } from './jobs';

/**
 * What each import takes (issue 24): its columns, in the order of the template, each with the body field it
 * fills, whether it is required, what it holds and an example. The template (xlsx and CSV) is written from
 * these, and a row is read with them, so the two can't drift. References are by name (brand, type, customer)
 * or by SKU, as a spreadsheet user knows them; the dry run resolves them to ids.
 */

export { IMPORT_KINDS, type ImportKind } from './jobs';

export type ColumnType = 'text' | 'number' | 'money' | 'boolean' | 'choice' | 'reference';

export interface ImportColumn {
  /** The body field, or for a reference the name it is resolved from (`brand` → brandID). */
  field: string;
  header: string;
  type: ColumnType;
  required?: boolean;
  /** A choice's allowed values. */
  allowed?: readonly string[];
  example: string;
  /** The record a row is matched by (create or update). */
  key?: boolean;
}

const text = (field: string, header: string, example: string, extra: Partial<ImportColumn> = {}): ImportColumn => ({
  field,
  header,
  type: 'text',
  example,
  ...extra,
});

export const IMPORT_COLUMNS: Readonly<Record<ImportKind, readonly ImportColumn[]>> = {
  brands: [
    text('name', 'Brand name', 'Green Valley Farms', { required: true, key: true }),
    text('skucode', 'SKU code', 'GVF'),
    text('brandRepName', 'Rep name', 'Dana Lee'),
    text('brandRepPhone', 'Rep phone', '555-0100'),
    text('brandRepEmail', 'Rep email', 'dana@greenvalley.example'),
    text('website', 'Website', 'https://greenvalley.example'),
    { field: 'excludeFromReporting', header: 'Exclude from reporting', type: 'boolean', example: 'no' },
  ],
  productTypes: [text('name', 'Type name', 'Flower', { required: true, key: true })],
  products: [
    text('sku', 'SKU', 'GVF-FLO-0001', { key: true }),
    text('name', 'Product name', 'Blue Dream 3.5 g', { required: true }),
    { field: 'brand', header: 'Brand', type: 'reference', required: true, example: 'Green Valley Farms' },
    { field: 'type', header: 'Type', type: 'reference', required: true, example: 'Flower' },
    { field: 'status', header: 'Status', type: 'choice', allowed: PRODUCT_STATUSES, example: 'ACTIVE' },
    { field: 'genetics', header: 'Genetics', type: 'choice', allowed: GENETICS, example: 'HYBRID' },
    { field: 'weight', header: 'Weight (g)', type: 'number', example: '3.5' },
    { field: 'unitQuantity', header: 'Units per case', type: 'number', example: '10' },
    { field: 'cost', header: 'Cost', type: 'money', example: '12.50' },
    { field: 'basePrice', header: 'Base price', type: 'money', required: true, example: '25.00' },
    { field: 'msrp', header: 'MSRP', type: 'money', example: '40.00' },
    { field: 'stock', header: 'Stock', type: 'number', example: '100' },
    { field: 'discountEligible', header: 'Discount eligible', type: 'boolean', example: 'yes' },
    { field: 'hasBatch', header: 'Batch tracked', type: 'boolean', example: 'yes' },
    { field: 'hideFromCatalog', header: 'Hidden from catalogue', type: 'boolean', example: 'no' },
    text('description', 'Description', 'Sweet berry aroma'),
  ],
  customers: [
    text('customerName', 'Customer name', 'Corner Dispensary', { required: true, key: true }),
    text('contactName', 'Contact name', 'Sam Ortiz'),
    text('contactEmail', 'Contact email', 'sam@corner.example'),
    text('contactPhone', 'Contact phone', '555-0123'),
    text('address', 'Address', '12 Main St, Springfield'),
    { field: 'type', header: 'Customer type', type: 'choice', allowed: CUSTOMER_TYPES, example: 'RETAIL' },
    { field: 'orderType', header: 'Order type', type: 'choice', allowed: ORDER_TYPES, example: 'DELIVERY' },
    { field: 'commpref', header: 'Preferred contact', type: 'choice', allowed: COMM_PREFS, example: 'EMAIL' },
    { field: 'priceAdjustment', header: 'Price adjustment (%)', type: 'number', example: '0' },
    text('notes', 'Notes', 'Deliveries before noon'),
  ],
  customPrices: [
    { field: 'customer', header: 'Customer name', type: 'reference', required: true, example: 'Corner Dispensary' },
    { field: 'sku', header: 'SKU', type: 'reference', required: true, example: 'GVF-FLO-0001' },
    { field: 'customPrice', header: 'Custom price', type: 'money', required: true, example: '22.00' },
  ],
};

export const IMPORT_ROW_MESSAGES = {
  required: (header: string) => `${header} is required`,
  missingColumns: (headers: readonly string[]) =>
    `The file lacks the column${headers.length > 1 ? 's' : ''} ${headers.join(', ')}: download the template`,
  unknownColumns: (headers: readonly string[]) =>
    `The file has column${headers.length > 1 ? 's' : ''} the template does not: ${headers.join(', ')}`,
} as const;

/** The template's rows: the headers, then one sample row. */
export const templateRows = (kind: ImportKind): string[][] => [
  IMPORT_COLUMNS[kind].map((c) => c.header),
  IMPORT_COLUMNS[kind].map((c) => c.example),
];

const TYPE_NOTES: Readonly<Record<ColumnType, string>> = {
  text: 'Text',
  number: 'A number (1234.5 or 1.234,5)',
  money: 'Dollars (25.00, $1,234.50 or 1.234,50)',
  boolean: 'yes or no',
  choice: 'One of the allowed values',
  reference: 'The name as it is in the app (or the SKU)',
};

/** What each column takes, for the template's "How to fill" sheet: header, required, what it holds, example. */
export const templateGuide = (kind: ImportKind): string[][] => [
  ['Column', 'Required', 'What it holds', 'Example'],
  ...IMPORT_COLUMNS[kind].map((c) => [
    c.header,
    c.required ? 'yes' : 'no',
    c.allowed ? `One of: ${c.allowed.join(', ')}` : TYPE_NOTES[c.type],
    c.example,
  ]),
];

const normalHeader = (h: unknown) => cellText(h).toLowerCase().replace(/\s+/g, ' ');

/**
 * Where each column is in a file, from its header row (any order, any case): refused when a required column is
 * missing or a header is not the template's.
 */
export function columnIndexes(
  kind: ImportKind,
  headerRow: readonly unknown[],
): { ok: true; indexes: Map<string, number> } | { ok: false; message: string } {
  const columns = IMPORT_COLUMNS[kind];
  const byHeader = new Map(columns.map((c) => [normalHeader(c.header), c]));
  const indexes = new Map<string, number>();
  const unknown: string[] = [];
  headerRow.forEach((h, i) => {
    if (normalHeader(h) === '') return;
    const column = byHeader.get(normalHeader(h));
    if (column) indexes.set(column.field, i);
    else unknown.push(cellText(h));
  });
  if (unknown.length) return { ok: false, message: IMPORT_ROW_MESSAGES.unknownColumns(unknown) };
  const missing = columns.filter((c) => c.required && !indexes.has(c.field)).map((c) => c.header);
  if (missing.length) return { ok: false, message: IMPORT_ROW_MESSAGES.missingColumns(missing) };
  return { ok: true, indexes };
}

export interface RowIssue {
  field: string;
  message: string;
}

/**
 * One row's values by field (numbers, money and yes/no parsed, choices upper-cased, empty cells left out), or what
 * is wrong with its cells, each issue naming its column. References stay names, for the dry run, which checks the
 * values with the API's own body schemas (so a row is refused with the spec's messages).
 */
export function readRow(
  kind: ImportKind,
  indexes: ReadonlyMap<string, number>,
  cells: readonly unknown[],
): { ok: true; values: Record<string, unknown> } | { ok: false; issues: RowIssue[] } {
  const values: Record<string, unknown> = {};
  const issues: RowIssue[] = [];
  for (const column of IMPORT_COLUMNS[kind]) {
    const index = indexes.get(column.field);
    const raw = index === undefined ? undefined : cells[index];
    if (cellText(raw) === '' && !isFormula(raw)) {
      if (column.required) issues.push({ field: column.field, message: IMPORT_ROW_MESSAGES.required(column.header) });
      continue;
    }
    const read = readCell(column, raw);
    if (read.ok) values[column.field] = read.value;
    else issues.push({ field: column.field, message: `${column.header}: ${read.message}` });
  }
  return issues.length ? { ok: false, issues } : { ok: true, values };
}

const unquoteFormulaText = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

function readCell(column: ImportColumn, raw: unknown): CellResult<unknown> {
  switch (column.type) {
    case 'number':
    case 'money':
      return parseNumberCell(raw);
    case 'boolean':
      return parseBooleanCell(raw);
    case 'choice':
      // Upper-cased ("Coming soon" → COMINGSOON); the API's body schema checks it, with the spec's message.
      return isFormula(raw)
        ? parseNumberCell(raw)
        : {
            ok: true,
            value: cellText(raw)
              .toUpperCase()
              .replace(/[\s_-]+/g, ''),
          };
    default:
      // An apostrophe before text that would start a formula is the export's (`safeText`): taken off.
      return isFormula(raw) ? parseNumberCell(raw) : { ok: true, value: unquoteFormulaText(cellText(raw)) };
  }
}
