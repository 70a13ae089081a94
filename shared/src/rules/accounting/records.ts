/**
 * What an accounting export holds (issue 24, section 3), in integer cents: invoices (delivered and completed orders,
 * with their lines and discount; no tax), payments with the orders they paid, credit notes (returns) and refunds.
 * Each record has a key (what it is) and a content hash (what it says), so the next export of an overlapping range
 * tells new records from ones edited since they were exported.
 */

/** The accounting systems an export writes for (their layouts: formats.ts). */
export const ACCOUNTING_FORMATS = ['quickbooks', 'xero'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];
export const ACCOUNTING_FORMAT_LABELS: Readonly<Record<AccountingFormat, string>> = {
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
};

export interface AccountingLine {
  sku: string;
  description: string;
  quantity: number;
  /** The unit price charged (the average where a SKU sold at several prices). */
  rateCents: number;
  amountCents: number;
}

export interface AccountingInvoice {
  kind: 'invoice';
  id: string;
  number: string;
  customer: string;
  customerEmail?: string;
  /** YYYY-MM-DD: the delivery day, else the day the order was made. */
  date: string;
  dueDate: string;
  lines: AccountingLine[];
  discountCents: number;
  totalCents: number;
}

export interface AccountingPayment {
  kind: 'payment';
  id: string;
  customer: string;
  date: string;
  method: string;
  amountCents: number;
  orders: Array<{ orderNum: string; amountCents: number }>;
  /** A voided payment is exported as its reversal once it was exported. */
  voided: boolean;
}

export interface AccountingCreditNote {
  kind: 'creditNote';
  id: string;
  number: string;
  customer: string;
  date: string;
  orderNum: string;
  reason: string;
  lines: AccountingLine[];
  /** The credit note's worth: its lines less their share of the order's discount. */
  amountCents: number;
}

export interface AccountingRefund {
  kind: 'refund';
  /** The return's id: a refund is the money a return paid back. */
  id: string;
  creditNoteNumber: string;
  customer: string;
  date: string;
  method: string;
  amountCents: number;
}

export type AccountingRecord = AccountingInvoice | AccountingPayment | AccountingCreditNote | AccountingRefund;
export type AccountingKind = AccountingRecord['kind'];
export const ACCOUNTING_KINDS: readonly AccountingKind[] = ['invoice', 'payment', 'creditNote', 'refund'];

export const accountingKey = (record: Pick<AccountingRecord, 'kind' | 'id'>): string => `${record.kind}#${record.id}`;

/** JSON with object keys sorted: the same record always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * A record's content hash (cyrb53, 53 bits, hex): it tells whether a record changed since it was exported, in the
 * browser and on the server alike. Not a security checksum: nobody gains by forging one.
 */
export function accountingHash(record: AccountingRecord): string {
  const text = canonicalJson(record);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export type ExportChange = 'new' | 'changed' | 'unchanged';

/** What the last export said of a record: its hash then. */
export interface ExportedState {
  hash: string;
  exportId: string;
}

/**
 * Whether an export includes a record: new (never exported), changed (exported with another hash), else unchanged
 * (left out). A record this same export already wrote (a job resumed) keeps what it was.
 */
export function exportChange(
  hash: string,
  state: (ExportedState & { firstExportId?: string }) | undefined,
  exportId: string,
): ExportChange {
  if (!state) return 'new';
  if (state.exportId === exportId) return state.firstExportId === exportId ? 'new' : 'changed';
  return state.hash === hash ? 'unchanged' : 'changed';
}

/** A calendar day `days` after `day` (YYYY-MM-DD, UTC). */
export const daysAfter = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
