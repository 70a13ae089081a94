import {
  ACCOUNTING_FORMAT_LABELS,
  ACCOUNTING_FORMATS,
  type AccountingExport,
  type AccountingFormat,
  type AccountingKind,
} from '@bo/shared';

export const ACCOUNTING_TEXT = {
  title: 'Accounting exports',
  description:
    'Invoices, payments, credit notes and refunds of a range, as files QuickBooks Online or Xero import. Each export includes only what no earlier export holds as it is now: new records, and records changed since they were exported (marked).',
  newExport: 'New export',
  exportButton: 'Export',
  running: 'Reading the range and writing the files…',
  history: 'Earlier exports',
  empty: 'No exports yet',
  emptyDescription: 'Choose a range and an accounting system above.',
  nothingNew: 'Nothing new: every record of this range went out in an earlier export, as it is now.',
} as const;

export const KIND_LABELS: Readonly<Record<AccountingKind, string>> = {
  invoice: 'Invoices',
  payment: 'Payments',
  creditNote: 'Credit notes',
  refund: 'Refunds',
};

export const FORMAT_OPTIONS = ACCOUNTING_FORMATS.map((f) => ({ value: f, label: ACCOUNTING_FORMAT_LABELS[f] }));

export const FILE_DESCRIPTIONS: Readonly<Record<AccountingFormat, Record<string, string>>> = {
  quickbooks: {
    'invoices.csv': 'Settings ▸ Import data ▸ Invoices',
    'journal-entries.csv': 'Settings ▸ Import data ▸ Journal entries (payments, credit notes, refunds)',
  },
  xero: {
    'invoices.csv': 'Business ▸ Invoices ▸ Import (credit notes included, as negative documents)',
    'bank-statement.csv': 'Bank account ▸ Import a statement (payments and refunds, to reconcile)',
  },
};

/** Last month, first to last day: the range an accountant closes most often. */
export function lastMonth(today = new Date()): { from: string; to: string } {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** How many records an export included (new and changed). */
export const includedCount = (e: AccountingExport): number =>
  e.counts ? Object.values(e.counts).reduce((sum, c) => sum + c.new + c.changed, 0) : 0;

export const changedCount = (e: AccountingExport): number =>
  e.counts ? Object.values(e.counts).reduce((sum, c) => sum + c.changed, 0) : 0;
