import { describe, expect, it } from 'vitest';
import {
  accountingFiles,
  accountingHash,
  type AccountingCreditNote,
  type AccountingInvoice,
  type AccountingPayment,
  type AccountingRefund,
  exportChange,
  type Included,
  QUICKBOOKS_INVOICE_COLUMNS,
  QUICKBOOKS_JOURNAL_COLUMNS,
  toCsv,
  usDate,
  XERO_INVOICE_COLUMNS,
  XERO_STATEMENT_COLUMNS,
} from '../src';

const invoice: AccountingInvoice = {
  kind: 'invoice',
  id: 'o1',
  number: '1001',
  customer: 'Corner Dispensary',
  date: '2026-03-05',
  dueDate: '2026-04-04',
  lines: [
    { sku: 'GVF-FLO-0001', description: 'Green Valley Blue Dream', quantity: 3, rateCents: 1_250, amountCents: 3_750 },
    { sku: 'GVF-FLO-0002', description: 'Green Valley Runtz', quantity: 2, rateCents: 999, amountCents: 1_998 },
  ],
  discountCents: 250,
  totalCents: 5_498,
};
const payment: AccountingPayment = {
  kind: 'payment',
  id: 'p1234567-aaaa',
  customer: 'Corner Dispensary',
  date: '2026-03-09',
  method: 'CHECK',
  amountCents: 5_498,
  orders: [{ orderNum: '1001', amountCents: 5_498 }],
  voided: false,
};
const creditNote: AccountingCreditNote = {
  kind: 'creditNote',
  id: 'r1',
  number: 'CN-00001',
  customer: 'Corner Dispensary',
  date: '2026-03-10',
  orderNum: '1001',
  reason: 'Damaged',
  lines: [{ sku: 'GVF-FLO-0001', description: 'Blue Dream', quantity: 1, rateCents: 1_250, amountCents: 1_250 }],
  amountCents: 1_195,
};
const refund: AccountingRefund = {
  kind: 'refund',
  id: 'r1',
  creditNoteNumber: 'CN-00001',
  customer: 'Corner Dispensary',
  date: '2026-03-10',
  method: 'CASH',
  amountCents: 1_195,
};
const all: Included[] = [
  { record: invoice, change: 'new' },
  { record: payment, change: 'new' },
  { record: creditNote, change: 'changed' },
  { record: refund, change: 'new' },
];
const money = (text: string) => Math.round(Number(text || 0) * 100);

describe('content hashes and what an export includes', () => {
  it('hashes the same record the same whatever its key order, and differently when a figure moves', () => {
    const reordered = JSON.parse(JSON.stringify({ ...invoice, lines: invoice.lines })) as AccountingInvoice;
    expect(accountingHash(reordered)).toBe(accountingHash(invoice));
    expect(accountingHash({ ...invoice, discountCents: 300 })).not.toBe(accountingHash(invoice));
    expect(accountingHash(invoice)).toMatch(/^[0-9a-f]{14}$/);
  });

  it('includes new and changed records, leaves unchanged ones out, and keeps what a resumed export said', () => {
    expect(exportChange('h1', undefined, 'e2')).toBe('new');
    expect(exportChange('h1', { hash: 'h1', exportId: 'e1' }, 'e2')).toBe('unchanged');
    expect(exportChange('h2', { hash: 'h1', exportId: 'e1' }, 'e2')).toBe('changed');
    expect(exportChange('h1', { hash: 'h1', exportId: 'e2', firstExportId: 'e2' }, 'e2')).toBe('new');
    expect(exportChange('h1', { hash: 'h1', exportId: 'e2', firstExportId: 'e1' }, 'e2')).toBe('changed');
  });
});

describe('QuickBooks Online files', () => {
  const [invoices, journal] = accountingFiles('quickbooks', all);

  it('has the import layouts’ headers, in their order', () => {
    // Intuit, "Import invoices" (default headers) and "Import journal entries".
    expect(QUICKBOOKS_INVOICE_COLUMNS).toEqual([
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
    ]);
    expect(QUICKBOOKS_JOURNAL_COLUMNS).toEqual([
      'Journal No',
      'Journal Date',
      'Account Name',
      'Debits',
      'Credits',
      'Description',
      'Name',
      'Memo',
    ]);
    expect(invoices!.name).toBe('invoices.csv');
    expect(invoices!.rows[0]).toEqual([...QUICKBOOKS_INVOICE_COLUMNS, 'Export status']);
    expect(journal!.rows[0]).toEqual([...QUICKBOOKS_JOURNAL_COLUMNS, 'Export status']);
  });

  it('writes an invoice’s lines and its discount as a line, adding up to its total, dated MM/DD/YYYY', () => {
    const rows = invoices!.rows.slice(1);
    expect(rows).toHaveLength(3);
    expect(rows.reduce((sum, r) => sum + money(r[10]!), 0)).toBe(invoice.totalCents);
    expect(rows[2]!.slice(6, 11)).toEqual(['Discount', 'Order discount', '1', '-2.50', '-2.50']);
    expect(rows[0]!.slice(0, 4)).toEqual(['1001', 'Corner Dispensary', '03/05/2026', '04/04/2026']);
  });

  it('books payments, credit notes and refunds as balanced journal entries against A/R', () => {
    const rows = journal!.rows.slice(1);
    const byEntry = new Map<string, { debits: number; credits: number }>();
    for (const r of rows) {
      const e = byEntry.get(r[0]!) ?? { debits: 0, credits: 0 };
      e.debits += money(r[3]!);
      e.credits += money(r[4]!);
      byEntry.set(r[0]!, e);
    }
    expect([...byEntry.keys()]).toEqual(['PAY-p1234567', 'CN-00001', 'CN-00001-R']);
    for (const e of byEntry.values()) expect(e.debits).toBe(e.credits);
    expect(rows.map((r) => [r[2], r[3] || r[4]])).toEqual([
      ['Undeposited Funds', '54.98'],
      ['Accounts Receivable (A/R)', '54.98'],
      ['Sales Returns and Allowances', '11.95'],
      ['Accounts Receivable (A/R)', '11.95'],
      ['Accounts Receivable (A/R)', '11.95'],
      ['Undeposited Funds', '11.95'],
    ]);
    expect(rows[2]![7]).toBe('Changed since an earlier export');
    expect(rows[2]!.at(-1)).toBe('changed');
  });
});

describe('Xero files', () => {
  const [invoices, statement] = accountingFiles('xero', all);

  it('has the sales invoice template’s columns and the bank statement’s', () => {
    expect(XERO_INVOICE_COLUMNS.filter((c) => c.startsWith('*'))).toEqual([
      '*ContactName',
      '*InvoiceNumber',
      '*InvoiceDate',
      '*DueDate',
      '*Description',
      '*Quantity',
      '*UnitAmount',
      '*AccountCode',
      '*TaxType',
    ]);
    expect(XERO_STATEMENT_COLUMNS).toEqual(['Date', 'Amount', 'Payee', 'Description', 'Reference']);
    expect(invoices!.rows[0]).toEqual([...XERO_INVOICE_COLUMNS, 'Export status']);
  });

  it('writes invoices with their discount line, and a credit note as a negative document in the same file', () => {
    const col = (name: string) => XERO_INVOICE_COLUMNS.indexOf(name as (typeof XERO_INVOICE_COLUMNS)[number]);
    const rows = invoices!.rows.slice(1);
    const total = (number: string) =>
      rows
        .filter((r) => r[col('*InvoiceNumber')] === number)
        .reduce((sum, r) => sum + Number(r[col('*Quantity')]) * money(r[col('*UnitAmount')]!), 0);
    expect(total('1001')).toBe(invoice.totalCents);
    expect(total('CN-00001')).toBe(-creditNote.amountCents);
    expect(rows.every((r) => r[col('*TaxType')] === 'Tax Exempt' && r[col('*AccountCode')] === '200')).toBe(true);
  });

  it('puts payments in and refunds out on the bank statement', () => {
    expect(statement!.rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['03/09/2026', '54.98', 'Corner Dispensary'],
      ['03/10/2026', '-11.95', 'Corner Dispensary'],
    ]);
    const voided = accountingFiles('xero', [{ record: { ...payment, voided: true }, change: 'changed' }]);
    expect(voided[0]!.rows[1]![1]).toBe('-54.98');
  });
});

describe('CSV', () => {
  it('quotes what needs it, keeps negative amounts as numbers, and disarms formula-like text', () => {
    expect(toCsv([['a,b', 'say "hi"', '-2.50', '=SUM(A1)', '-x']])).toBe(
      '"a,b","say ""hi""",-2.50,\'=SUM(A1),\'-x\r\n',
    );
    expect(usDate('2026-12-01')).toBe('12/01/2026');
  });
});
