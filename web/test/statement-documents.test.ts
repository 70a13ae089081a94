import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { MAX_RANGE_DAYS } from '@bo/shared';
import { renderPdfInNode } from './render-pdf';
import { buildStatementDocument } from '../src/pages/customers/statements/statement-pdf';
import { buildStatementWorkbook, DATE_FORMAT, MONEY_FORMAT } from '../src/pages/customers/statements/statement-xlsx';
import { batchZipName, statementFileName, termsText } from '../src/pages/customers/statements/statement-text';
import {
  defaultStatementRange,
  statementPeriod,
  statementRangeProblem,
} from '../src/pages/customers/statements/statement-range';
import { runBatch, uniqueNames, type BatchCustomer } from '../src/pages/customers/statements/batch-statements';
import { makeStatement } from './statement-fixtures';
import { tables, texts } from './pdf-content';

describe('statement PDF definition', () => {
  const statement = makeStatement();
  const definition = buildStatementDocument(statement, { printedAt: new Date('2026-03-10T12:00:00Z') });
  const words = texts(definition.content);

  it('is Letter, portrait, with the invoice margins, titled after the customer and period', () => {
    expect(definition.pageSize).toBe('LETTER');
    expect(definition.pageOrientation).toBe('portrait');
    expect(definition.pageMargins).toBe(35);
    expect(definition.info?.title).toBe('Statement - Green Leaf - 2026-02-09 to 2026-03-10');
  });

  it('has the title, the customer, the period, the terms and both balances', () => {
    for (const text of [
      'Statement',
      'Green Leaf',
      'Feb 9, 2026 – Mar 10, 2026',
      'Net 30 days',
      'Opening balance',
      '$100.00',
      'Closing balance',
      '$620.35',
    ])
      expect(words).toContain(text);
  });

  it('lists the opening balance, each line with its signed amount and running balance, then the closing balance', () => {
    const lines = tables(definition.content).find((t) => t[0]!.join('|') === 'Date|Type|Reference|Amount|Balance')!;
    expect(lines.slice(1)).toEqual([
      ['Opening balance', '', '', '', '$100.00'],
      ['Feb 12, 2026', 'Invoice', 'Order 1042', '$250.50', '$350.50'],
      ['Feb 20, 2026', 'Payment', 'Check: 1042', '-$150.00', '$200.50'],
      ['Mar 1, 2026', 'Invoice', 'Order 1050', '$419.75', '$620.25'],
      ['Mar 5, 2026', 'Refund', 'Refund 1050', '$0.10', '$620.35'],
      ['Closing balance', '', '', '', '$620.35'],
    ]);
  });

  it('ages the closing balance in the four buckets, with the payment terms', () => {
    const ageing = tables(definition.content).find((t) => t[0]![0] === '0–30 days')!;
    expect(ageing).toEqual([
      ['0–30 days', '31–60 days', '61–90 days', 'Over 90 days', 'Total'],
      ['$420.35', '$0.00', '$200.00', '$0.00', '$620.35'],
    ]);
    expect(words).toContain('Ageing of the closing balance (days past due)');
    expect(words).toContain('Payment terms: Net 30 days');
  });

  it('says so when the period has no lines, and names terms of no days', () => {
    const empty = buildStatementDocument(makeStatement({ lines: [], paymentTermsDays: 0, closingBalance: 100 }));
    const all = texts(empty.content);
    expect(all).toContain('No invoices, payments or credit notes in this period');
    expect(all).toContain('Due on receipt');
    expect(termsText(1)).toBe('Net 1 day');
  });

  it('renders to a real PDF with pdfmake', () => {
    const pdf = renderPdfInNode(definition);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
  });
});

describe('statement spreadsheet', () => {
  it('has one sheet with the header, the lines (dates as dates, money as numbers in dollars) and the ageing', async () => {
    const workbook = await buildStatementWorkbook(makeStatement());
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(await workbook.xlsx.writeBuffer());
    expect(read.worksheets.map((s) => s.name)).toEqual(['Statement']);
    const sheet = read.getWorksheet('Statement')!;
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
    const at = (label: string) => rows.findIndex((r) => r[0] === label);

    expect(rows[0]).toEqual(['Statement']);
    expect(rows[1]).toEqual(['Customer', 'Green Leaf']);
    expect(rows[2]).toEqual(['Period', 'Feb 9, 2026 – Mar 10, 2026']);
    expect(rows[3]).toEqual(['Payment terms', 'Net 30 days']);

    const header = at('Date');
    expect(rows[header]).toEqual(['Date', 'Type', 'Reference', 'Amount', 'Balance']);
    expect(rows[header + 1]).toEqual(['Opening balance', undefined, undefined, undefined, 100]);
    // Row numbers start at 1: the header is row header + 1, the opening balance the next one.
    const line = (i: number) => sheet.getRow(header + 3 + i);
    expect((line(0).values as unknown[]).slice(1)).toEqual([
      new Date('2026-02-12T00:00:00Z'),
      'Invoice',
      'Order 1042',
      250.5,
      350.5,
    ]);
    expect(line(1).getCell(4).value).toBe(-150);
    expect(line(1).getCell(5).value).toBe(200.5);
    expect(line(3).getCell(4).value).toBe(0.1);
    for (let i = 0; i < 4; i += 1) {
      expect(typeof line(i).getCell(4).value).toBe('number');
      expect(line(i).getCell(4).numFmt).toBe(MONEY_FORMAT);
      expect(line(i).getCell(5).numFmt).toBe(MONEY_FORMAT);
      expect(line(i).getCell(1).numFmt).toBe(DATE_FORMAT);
    }
    expect(rows[header + 6]).toEqual(['Closing balance', undefined, undefined, undefined, 620.35]);
    expect(sheet.getRow(header + 7).getCell(5).numFmt).toBe(MONEY_FORMAT);

    expect(rows[at('Ageing of the closing balance (days past due)') + 1]).toBeDefined();
    expect(rows.slice(at('0–30 days'), at('Total') + 1)).toEqual([
      ['0–30 days', undefined, undefined, undefined, 420.35],
      ['31–60 days', undefined, undefined, undefined, 0],
      ['61–90 days', undefined, undefined, undefined, 200],
      ['Over 90 days', undefined, undefined, undefined, 0],
      ['Total', undefined, undefined, undefined, 620.35],
    ]);
  });
});

describe('statement file names and periods', () => {
  it('names the files after the cleaned-up customer name and the period', () => {
    expect(statementFileName(makeStatement({ customerName: 'Café "Green" / Leaf' }), 'pdf')).toBe(
      'Statement_Cafe_Green_Leaf_2026-02-09_2026-03-10.pdf',
    );
    expect(statementFileName(makeStatement({ customerName: '***' }), 'xlsx')).toBe(
      'Statement_customer_2026-02-09_2026-03-10.xlsx',
    );
    expect(batchZipName({ from: '2026-02-09', to: '2026-03-10' })).toBe('Statements_2026-02-09_2026-03-10.zip');
  });

  it('defaults to the last 30 days to today, and refuses a range ending after today or wider than the API takes', () => {
    const now = new Date(2026, 2, 10, 15, 0);
    expect(defaultStatementRange(now)).toEqual({ type: 'absolute', startDate: '2026-02-09', endDate: '2026-03-10' });
    expect(statementPeriod(defaultStatementRange(now), now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    const range = (startDate: string, endDate: string) => ({ type: 'absolute' as const, startDate, endDate });
    expect(statementRangeProblem(range('2026-03-01', '2026-03-11'), now)).toBe(
      'The end date can be today at the latest.',
    );
    expect(statementRangeProblem(range('2026-03-05', '2026-03-01'), now)).toMatch(/on or after the start/);
    // 400 days, both counted, is the widest.
    expect(statementRangeProblem(range('2025-02-04', '2026-03-10'), now)).toBeUndefined();
    expect(statementRangeProblem(range('2025-02-03', '2026-03-10'), now)).toBe(
      `Choose a period of at most ${MAX_RANGE_DAYS} days.`,
    );
    expect(statementPeriod(null, now)).toBeNull();
  });
});

describe('statement batch', () => {
  const customers: BatchCustomer[] = Array.from({ length: 7 }, (_, i) => ({
    customerId: `c-${i}`,
    customerName: `Customer ${i}`,
  }));
  const file = (c: BatchCustomer) => ({ name: `${c.customerName}.pdf`, data: new Blob([c.customerId]) });

  it('makes every file at most three at a time, in the customers’ order, reporting progress to the end', async () => {
    let running = 0;
    let most = 0;
    const progress: number[] = [];
    const result = await runBatch({
      customers,
      makeFile: async (c) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, Number(c.customerId.slice(2)) % 3));
        running -= 1;
        return file(c);
      },
      onProgress: (done, total) => {
        expect(total).toBe(7);
        progress.push(done);
      },
    });
    expect(most).toBe(3);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(result.files.map((f) => f.name)).toEqual(customers.map((c) => `${c.customerName}.pdf`));
    expect(result).toMatchObject({ failures: [], cancelled: false });
  });

  it('lists the customers that failed and keeps the others', async () => {
    const result = await runBatch({
      customers: customers.slice(0, 3),
      makeFile: async (c) => {
        if (c.customerId === 'c-1') throw new Error('Customer not found');
        return file(c);
      },
    });
    expect(result.files.map((f) => f.name)).toEqual(['Customer 0.pdf', 'Customer 2.pdf']);
    expect(result.failures).toEqual([{ customerId: 'c-1', customerName: 'Customer 1', message: 'Customer not found' }]);
  });

  it('starts no further customer once cancelled', async () => {
    const controller = new AbortController();
    const makeFile = vi.fn(async (c: BatchCustomer) => {
      // Cancelled as the fourth customer starts (the first one after the three started together).
      if (c.customerId === 'c-3') controller.abort();
      await new Promise((resolve) => setTimeout(resolve, Number(c.customerId.slice(2))));
      return file(c);
    });
    const progress = vi.fn();
    const result = await runBatch({ customers, makeFile, signal: controller.signal, onProgress: progress });
    expect(result.cancelled).toBe(true);
    expect(makeFile.mock.calls.map(([c]) => c.customerId)).toEqual(['c-0', 'c-1', 'c-2', 'c-3']);
    expect(progress.mock.calls).toEqual([[1, 7]]);
  });

  it('keeps both files of customers whose names clean up alike', () => {
    const data = new Blob([]);
    expect(
      uniqueNames([
        { name: 'Statement_A_B.pdf', data },
        { name: 'Statement_A_B.pdf', data },
        { name: 'Statement_A_B.pdf', data },
      ]).map((f) => f.name),
    ).toEqual(['Statement_A_B.pdf', 'Statement_A_B_2.pdf', 'Statement_A_B_3.pdf']);
  });
});
