import {
  IMPORT_COLUMNS,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  importFileType,
  importSizeProblem,
  mayImport,
  type ImportJob,
  type ImportKind,
  type ImportRow,
  type ImportStatus,
} from '@bo/shared';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { countText, formatUnits } from '../../format/counts';

/** The imports page's texts, table settings and the pure helpers its screens draw from (issue 24, section 1). */

export type RowAction = ImportRow['action'];
export type ImportCounts = ImportJob['counts'];

export const IMPORTS_TEXT = {
  title: 'Imports',
  description: 'Create or update brands, product types, products, customers and custom prices from a spreadsheet.',
  newImport: 'New import',
  newImportDescription: 'Download the template, fill it in, and upload it: nothing is written until you commit.',
  kindLabel: 'What to import',
  fileLabel: 'Spreadsheet',
  fileDescription: 'An .xlsx or .csv file with the template’s header row, at most 10 MB.',
  chooseFile: 'Choose file',
  template: 'Download template',
  templateCsv: 'CSV template',
  templateXlsx: 'Excel .xlsx template',
  templateFailed: 'The template could not be built. Try again.',
  upload: 'Upload and check',
  uploading: 'Uploading…',
  uploadFailed: 'The file could not be uploaded. Try again.',
  reading: 'Reading the file…',
  waitingForFile: 'Waiting for the file to arrive…',
  failed: 'The file could not be read',
  chooseAnother: 'Choose another file',
  dryRun: 'Dry run',
  dryRunDescription: 'What committing this file would do, row by row. Nothing has been written yet.',
  commit: 'Commit',
  commitTitle: 'Commit import',
  commitDisabled: 'Nothing to create or update',
  committing: 'Writing records…',
  done: 'Import finished',
  failures: 'Rows that could not be written',
  recent: 'Recent imports',
  recentEmpty: 'No imports yet',
  recentEmptyDescription: 'Imports you and your team make show here.',
  loadError: 'The import could not be loaded',
  rowsLoading: 'Loading the dry run…',
  filterPlaceholder: 'Find rows',
  filterLabel: 'Find rows',
  noRows: 'No rows in this file',
} as const;

export const PAGE_SIZE = 50;
/** Rows per `getById` page when the whole dry run is read (the API's maximum). */
export const ROWS_PAGE_LIMIT = 5000;
/** How often a working import is asked about. */
export const POLL_MS = 1000;

/** The kinds these roles may import, in the template order. */
export const importableKinds = (roles: readonly string[]): ImportKind[] =>
  IMPORT_KINDS.filter((kind) => mayImport(kind, roles));

/** The `?kind=` of the address when it names a kind these roles may import, else the first they may. */
export const initialKind = (param: string | null, kinds: readonly ImportKind[]): ImportKind | undefined =>
  kinds.find((k) => k === param) ?? kinds[0];

/** The list page a kind's records show on, for the link after an import. */
export const KIND_LIST_PAGE: Readonly<Record<ImportKind, { title: string; href: string }>> = {
  brands: { title: 'Brands', href: '/brands' },
  productTypes: { title: 'Brands and product types', href: '/brands' },
  products: { title: 'Products', href: '/products' },
  customers: { title: 'Customers', href: '/customers' },
  customPrices: { title: 'Customers', href: '/customers' },
};

export const ACTION_LABELS: Readonly<Record<RowAction, string>> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'Unchanged',
  refuse: 'Refused',
};

export const ACTION_STATUS: Readonly<Record<RowAction, StatusIndicatorProps.Type>> = {
  create: 'success',
  update: 'info',
  unchanged: 'stopped',
  refuse: 'error',
};

export const ACTIONS: readonly RowAction[] = ['create', 'update', 'unchanged', 'refuse'];

export const STATUS_LABELS: Readonly<Record<ImportStatus, string>> = {
  UPLOADING: 'Uploading',
  READING: 'Reading',
  PLANNED: 'Dry run ready',
  COMMITTING: 'Committing',
  DONE: 'Done',
  FAILED: 'Failed',
};

export const STATUS_INDICATOR: Readonly<Record<ImportStatus, StatusIndicatorProps.Type>> = {
  UPLOADING: 'pending',
  READING: 'in-progress',
  PLANNED: 'info',
  COMMITTING: 'in-progress',
  DONE: 'success',
  FAILED: 'error',
};

/** The action filter's choices: every row, or one action, each with its count. */
export type ActionFilter = 'all' | RowAction;
export const actionFilterOptions = (counts: ImportCounts): { id: ActionFilter; text: string }[] => [
  { id: 'all', text: `All (${formatUnits(counts.create + counts.update + counts.unchanged + counts.refuse)})` },
  ...ACTIONS.map((a) => ({ id: a, text: `${ACTION_LABELS[a]} (${formatUnits(counts[a])})` })),
];

/** Column headers by field, for naming what a row changes. */
const headerOf = (kind: ImportKind, field: string): string =>
  IMPORT_COLUMNS[kind].find((c) => c.field === field)?.header ?? field;

const shown = (value: unknown): string =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : Array.isArray(value) ? value.join(', ') : String(value);

/** At most this many fields in a new record's summary. */
const SUMMARY_FIELDS = 3;

/**
 * What a row changes, in a few words: an update's changed columns and their new values; a new record's first filled columns besides its
 * key (`Rep name: Dana Lee, Website: …, +2 more`); nothing for unchanged and refused rows.
 */
export function rowChanges(kind: ImportKind, row: ImportRow): string {
  if (row.action !== 'create' && row.action !== 'update') return '';
  const body = row.body ?? {};
  if (row.action === 'update' && row.changed?.length)
    return row.changed
      .map((f) => (f in body ? `${headerOf(kind, f)} → ${shown(body[f])}` : headerOf(kind, f)))
      .join(', ');
  const fields = IMPORT_COLUMNS[kind].filter(
    (c) => !c.key && body[c.field] !== undefined && body[c.field] !== null && body[c.field] !== '',
  );
  if (fields.length === 0) return row.action === 'create' ? 'New record' : '';
  const parts = fields.slice(0, SUMMARY_FIELDS).map((c) => `${c.header}: ${shown(body[c.field])}`);
  const more = fields.length - SUMMARY_FIELDS;
  return more > 0 ? `${parts.join(', ')}, +${more} more` : parts.join(', ');
}

/** Why a row is refused: its issues' messages, one sentence after another. */
export const refusalText = (row: ImportRow): string => (row.issues ?? []).map((i) => i.message).join('; ');

/** One dry-run row as the table shows it, with its text filter's haystack worked out once. */
export interface DryRunRow {
  row: number;
  action: RowAction;
  label: string;
  changes: string;
  refused: string;
  /** Lower case: the row number, action, record, changes and reasons. */
  search: string;
}

export function toDryRunRow(kind: ImportKind, row: ImportRow): DryRunRow {
  const changes = rowChanges(kind, row);
  const refused = refusalText(row);
  return {
    row: row.row,
    action: row.action,
    label: row.label,
    changes,
    refused,
    search: `${row.row}\n${ACTION_LABELS[row.action]}\n${row.label}\n${changes}\n${refused}`.toLowerCase(),
  };
}

/**
 * The text filter's test: whether a row's haystack holds the typed text. The lower-cased text is kept between
 * calls, so a keystroke over 10,000 rows is one `includes` each.
 */
export function rowMatcher(): (row: DryRunRow, text: string) => boolean {
  let lastText = '';
  let needle = '';
  return (row, text) => {
    if (text !== lastText) {
      lastText = text;
      needle = text.trim().toLowerCase();
    }
    return needle === '' || row.search.includes(needle);
  };
}

/** Rows the commit writes. */
export const rowsToWrite = (counts: ImportCounts): number => counts.create + counts.update;

/** The confirmation dialog's question: `Create 2 and update 1 records? 1 refused and 0 unchanged rows are left out.` */
export function commitConfirmation(counts: ImportCounts): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const question = `Create ${n(counts.create)} and update ${n(counts.update)} records?`;
  if (counts.refuse + counts.unchanged === 0) return question;
  return `${question} ${n(counts.refuse)} refused and ${n(counts.unchanged)} unchanged rows are left out.`;
}

/** The summary of a commit: what it created, updated and could not write. */
export const resultText = (committed: NonNullable<ImportJob['committed']>): string =>
  `Created ${countText(committed.created, 'record')}, updated ${countText(committed.updated, 'record')}` +
  (committed.failed > 0 ? `; ${countText(committed.failed, 'row')} could not be written.` : '.');

/** The columns the template holds, for the page's description: which are required and what a choice allows. */
export interface ColumnNote {
  header: string;
  required: boolean;
  allowed?: readonly string[];
}
export const columnNotes = (kind: ImportKind): ColumnNote[] =>
  IMPORT_COLUMNS[kind].map((c) => ({ header: c.header, required: !!c.required, allowed: c.allowed }));

export const kindLabel = (kind: ImportKind): string => IMPORT_KIND_LABELS[kind];

/** Why the API would refuse this file (its type by name, its size), in the API's words; undefined when it is fine. */
export function fileProblem(file: { name: string; size: number }): string | undefined {
  const type = importFileType(file.name);
  return type.ok ? importSizeProblem(file.size) : type.message;
}
