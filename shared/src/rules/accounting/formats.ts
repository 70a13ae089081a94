import type {
  AccountingFormat,
  AccountingCreditNote,
  AccountingInvoice,
  AccountingPayment,
  AccountingRecord,
  AccountingRefund,
  ExportChange,
} from './records';

/**
 * The files an accounting export writes, in layouts QuickBooks Online and Xero import as they are (issue 24,
 * section 3). Decisions, written down in docs/imports-exports.md ("Accounting export"):
 *
 * QuickBooks Online (US), checked against Intuit's "Import invoices" help (Settings ▸ Import data ▸ Invoices, 2024
 * layout, whose default headers map without manual mapping):
 * - `invoices.csv`: one row per line: Invoice no, Customer, Invoice Date, Due Date, Terms, Memo, Item(Product/Service),
 *   Item Description, Item Quantity, Item Rate, Item Amount, Service Date. The order's discount is a line of item
 *   "Discount" with a negative amount (the importer has no discount column). Dates MM/DD/YYYY; no tax.
 * - `journal-entries.csv` (Settings ▸ Import data ▸ Journal entries: Journal No, Journal Date, Account Name, Debits,
 *   Credits, Description, Name, Memo): the importer takes no payments, credit memos or refunds, so each is a
 *   balanced journal entry against Accounts Receivable (A/R), naming the customer: a payment debits Undeposited
 *   Funds; a credit note debits Sales Returns and Allowances; a refund credits Undeposited Funds and debits A/R.
 *
 * Xero, checked against Xero's sales invoice import template (Business ▸ Invoices ▸ Import, SalesInvoiceTemplate.csv;
 * amounts "Tax exclusive", tax type "Tax Exempt", account code 200 Sales, dates MM/DD/YYYY as a US organisation reads
 * them):
 * - `invoices.csv`: invoices one row per line, and credit notes in the same file with negative quantities (Xero
 *   imports a document whose total is negative as a credit note); the discount is a line of its own.
 * - `bank-statement.csv` (Xero's CSV statement import: Date, Amount, Payee, Description, Reference): payments in,
 *   refunds out, for the accountant to reconcile against the invoices and credit notes.
 *
 * Every file ends with a column the accounting systems ignore (`Export status`: new or changed), and records that
 * changed since an earlier export say so in their memo or reference.
 */

export { ACCOUNTING_FORMATS, type AccountingFormat, ACCOUNTING_FORMAT_LABELS } from './records';

export const QUICKBOOKS_INVOICE_COLUMNS = [
  'Invoice no',
  'Customer',
  'Invoice Date',
  'Due Date',
  'Terms',
  'Memo',
  'Item(Product/Service)',
  'Item Description',
  'Item Quantity',
  'Item Rate',
  'Item Amount',
  'Service Date',
] as const;

export const QUICKBOOKS_JOURNAL_COLUMNS = [
  'Journal No',
  'Journal Date',
  'Account Name',
  'Debits',
  'Credits',
  'Description',
  'Name',
  'Memo',
] as const;

export const XERO_INVOICE_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

export const XERO_STATEMENT_COLUMNS = ['Date', 'Amount', 'Payee', 'Description', 'Reference'] as const;

export const EXPORT_STATUS_COLUMN = 'Export status';

export const ACCOUNTS = {
  receivable: 'Accounts Receivable (A/R)',
  undeposited: 'Undeposited Funds',
  returns: 'Sales Returns and Allowances',
  xeroSales: '200',
  xeroTax: 'Tax Exempt',
} as const;

export interface Included<R extends AccountingRecord = AccountingRecord> {
  record: R;
  change: Exclude<ExportChange, 'unchanged'>;
}

export type FileRows = string[][];

/** YYYY-MM-DD → MM/DD/YYYY. */
export const usDate = (day: string): string => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const money = (cents: number): string => (cents / 100).toFixed(2);
/** A quantity's unit price to the cent, from the line's amount (exact for whole-cent rates). */
const rate = (cents: number): string => money(cents);
const changedNote = (change: Included['change']) => (change === 'changed' ? 'Changed since an earlier export' : '');

function quickbooksInvoiceRows({ record: inv, change }: Included<AccountingInvoice>): string[][] {
  const base = [inv.number, inv.customer, usDate(inv.date), usDate(inv.dueDate), '', changedNote(change)];
  const rows = inv.lines.map((l) => [
    ...base,
    l.sku,
    l.description,
    String(l.quantity),
    rate(l.rateCents),
    money(l.amountCents),
    usDate(inv.date),
    change,
  ]);
  if (inv.discountCents > 0)
    rows.push([
      ...base,
      'Discount',
      'Order discount',
      '1',
      money(-inv.discountCents),
      money(-inv.discountCents),
      usDate(inv.date),
      change,
    ]);
  return rows;
}

/** A balanced two-line journal entry. */
function journal(
  no: string,
  day: string,
  debit: string,
  credit: string,
  cents: number,
  description: string,
  name: string,
  change: Included['change'],
): string[][] {
  const memo = changedNote(change);
  return [
    [no, usDate(day), debit, money(cents), '', description, name, memo, change],
    [no, usDate(day), credit, '', money(cents), description, name, memo, change],
  ];
}

function quickbooksJournalRows({ record, change }: Included): string[][] {
  switch (record.kind) {
    case 'payment': {
      const p = record as AccountingPayment;
      const paid = p.orders.map((o) => o.orderNum).join(' ');
      const what = `${p.voided ? 'Voided payment' : 'Payment'} (${p.method})${paid ? ` for ${paid}` : ''}`;
      return p.voided
        ? journal(
            `PAY-${p.id.slice(0, 8)}-V`,
            p.date,
            ACCOUNTS.receivable,
            ACCOUNTS.undeposited,
            p.amountCents,
            what,
            p.customer,
            change,
          )
        : journal(
            `PAY-${p.id.slice(0, 8)}`,
            p.date,
            ACCOUNTS.undeposited,
            ACCOUNTS.receivable,
            p.amountCents,
            what,
            p.customer,
            change,
          );
    }
    case 'creditNote': {
      const c = record as AccountingCreditNote;
      return journal(
        c.number,
        c.date,
        ACCOUNTS.returns,
        ACCOUNTS.receivable,
        c.amountCents,
        `Credit note for order ${c.orderNum}: ${c.reason}`,
        c.customer,
        change,
      );
    }
    case 'refund': {
      const r = record as AccountingRefund;
      return journal(
        `${r.creditNoteNumber}-R`,
        r.date,
        ACCOUNTS.receivable,
        ACCOUNTS.undeposited,
        r.amountCents,
        `Refund of ${r.creditNoteNumber} (${r.method})`,
        r.customer,
        change,
      );
    }
    default:
      return [];
  }
}

const xeroRow = (values: Partial<Record<(typeof XERO_INVOICE_COLUMNS)[number], string>>, change: string) => [
  ...XERO_INVOICE_COLUMNS.map((c) => values[c] ?? ''),
  change,
];

function xeroDocumentRows(
  doc: { number: string; customer: string; email?: string; date: string; due: string; reference: string },
  lines: ReadonlyArray<{ code: string; description: string; quantity: number; rateCents: number }>,
  change: Included['change'],
): string[][] {
  return lines.map((l) =>
    xeroRow(
      {
        '*ContactName': doc.customer,
        EmailAddress: doc.email ?? '',
        '*InvoiceNumber': doc.number,
        Reference: [doc.reference, changedNote(change)].filter(Boolean).join(' · '),
        '*InvoiceDate': usDate(doc.date),
        '*DueDate': usDate(doc.due),
        InventoryItemCode: l.code,
        '*Description': l.description,
        '*Quantity': String(l.quantity),
        '*UnitAmount': rate(l.rateCents),
        '*AccountCode': ACCOUNTS.xeroSales,
        '*TaxType': ACCOUNTS.xeroTax,
        Currency: 'USD',
      },
      change,
    ),
  );
}

function xeroInvoiceRows({ record, change }: Included): string[][] {
  if (record.kind === 'invoice') {
    const inv = record;
    const lines = inv.lines.map((l) => ({
      code: l.sku,
      description: l.description,
      quantity: l.quantity,
      rateCents: l.rateCents,
    }));
    if (inv.discountCents > 0)
      lines.push({ code: '', description: 'Order discount', quantity: 1, rateCents: -inv.discountCents });
    return xeroDocumentRows(
      {
        number: inv.number,
        customer: inv.customer,
        ...(inv.customerEmail ? { email: inv.customerEmail } : {}),
        date: inv.date,
        due: inv.dueDate,
        reference: `Order ${inv.number}`,
      },
      lines,
      change,
    );
  }
  if (record.kind === 'creditNote') {
    const c = record;
    // One line of the whole credit (its lines' value less their discount share): Xero takes it as a credit note.
    return xeroDocumentRows(
      {
        number: c.number,
        customer: c.customer,
        date: c.date,
        due: c.date,
        reference: `Return of order ${c.orderNum}: ${c.reason}`,
      },
      [{ code: '', description: `Credit note for order ${c.orderNum}`, quantity: -1, rateCents: c.amountCents }],
      change,
    );
  }
  return [];
}

function xeroStatementRows({ record, change }: Included): string[][] {
  if (record.kind === 'payment') {
    const p = record;
    const cents = p.voided ? -p.amountCents : p.amountCents;
    const orders = p.orders.map((o) => o.orderNum).join(' ');
    return [
      [
        usDate(p.date),
        money(cents),
        p.customer,
        `${p.voided ? 'Voided payment' : 'Payment'} (${p.method})`,
        [orders, changedNote(change)].filter(Boolean).join(' · '),
        change,
      ],
    ];
  }
  if (record.kind === 'refund') {
    const r = record;
    return [
      [
        usDate(r.date),
        money(-r.amountCents),
        r.customer,
        `Refund (${r.method})`,
        [r.creditNoteNumber, changedNote(change)].filter(Boolean).join(' · '),
        change,
      ],
    ];
  }
  return [];
}

export interface ExportFile {
  name: string;
  rows: FileRows;
}

/** The files of one export, each with its header row; a file with no records is left out. */
export function accountingFiles(format: AccountingFormat, included: readonly Included[]): ExportFile[] {
  const files: ExportFile[] =
    format === 'quickbooks'
      ? [
          {
            name: 'invoices.csv',
            rows: [
              [...QUICKBOOKS_INVOICE_COLUMNS, EXPORT_STATUS_COLUMN],
              ...included
                .filter((i) => i.record.kind === 'invoice')
                .flatMap((i) => quickbooksInvoiceRows(i as Included<AccountingInvoice>)),
            ],
          },
          {
            name: 'journal-entries.csv',
            rows: [[...QUICKBOOKS_JOURNAL_COLUMNS, EXPORT_STATUS_COLUMN], ...included.flatMap(quickbooksJournalRows)],
          },
        ]
      : [
          {
            name: 'invoices.csv',
            rows: [[...XERO_INVOICE_COLUMNS, EXPORT_STATUS_COLUMN], ...included.flatMap(xeroInvoiceRows)],
          },
          {
            name: 'bank-statement.csv',
            rows: [[...XERO_STATEMENT_COLUMNS, EXPORT_STATUS_COLUMN], ...included.flatMap(xeroStatementRows)],
          },
        ];
  return files.filter((f) => f.rows.length > 1);
}

/** CSV text (RFC 4180: quoted when needed, CRLF), formula-like text after an apostrophe. */
export function toCsv(rows: FileRows): string {
  const cell = (v: string) => {
    const safe = /^[=+@]/.test(v) || (/^-/.test(v) && !/^-\d/.test(v)) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
