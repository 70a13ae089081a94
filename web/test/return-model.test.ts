import { describe, expect, it } from 'vitest';
import type { Order, Statement } from '@bo/shared';
import {
  chosenLines,
  EMPTY_RETURN_FORM,
  parseQuantity,
  returnBody,
  returnOutcome,
  returnRows,
} from '../src/pages/orders/returns/return-model';
import {
  buildCreditNoteDocument,
  creditNoteFileName,
  creditNoteTotals,
} from '../src/components/returns/credit-note-pdf';
import { linesSummary, settlementDetail, settlementText } from '../src/components/returns/return-display';
import { buildStatementDocument } from '../src/pages/customers/statements/statement-pdf';
import { buildStatementWorkbook } from '../src/pages/customers/statements/statement-xlsx';
import { makeOrder, orderItem } from './order-builder-fixtures';
import { makeReturn, withoutMoney } from './return-fixtures';
import { renderPdfInNode } from './render-pdf';
import { makeStatement } from './statement-fixtures';
import { tables, texts } from './pdf-content';

/**
 * Order 1042: Blue Dream over two batches (3 + 2 at $10), Gelato 4 at $5; $70 less a $5 discount, $30 still owed.
 * One Blue Dream came back already.
 */
const ORDER: Order = makeOrder({
  orderNum: '1042',
  orderStatus: 'DELIVERED',
  dollarAdjustment: 5,
  subtotal: 70,
  total: 65,
  balanceDue: 30,
  orderedItems: [
    orderItem({ id: 'li-1', quantity: 3, unitPrice: 10, subtotal: 30, productBatchId: 'bt-1' }),
    orderItem({ id: 'li-2', quantity: 2, unitPrice: 10, subtotal: 20, productBatchId: 'bt-2' }),
    orderItem({
      id: 'li-3',
      quantity: 4,
      unitPrice: 5,
      subtotal: 20,
      productName: 'Gelato',
      productId: 'p-2',
      productSku: 'ACM-FLO-0002',
      productBatchId: null,
    }),
  ],
});
const EARLIER = [makeReturn({ lines: [{ ...makeReturn().lines[0]!, quantity: 1 }] })];

describe('the Return Items model', () => {
  it('has one row per SKU with what was sold, returned and is left', () => {
    expect(returnRows(ORDER, EARLIER)).toEqual([
      { sku: 'ACM-FLO-0001', name: 'Blue Dream', brand: 'Acme', sold: 5, returned: 1, returnable: 4 },
      { sku: 'ACM-FLO-0002', name: 'Gelato', brand: 'Acme', sold: 4, returned: 0, returnable: 4 },
    ]);
  });

  it('reads whole numbers only, and keeps the lines with units', () => {
    expect([parseQuantity(''), parseQuantity(' 3 '), parseQuantity('1.5'), parseQuantity('-1')]).toEqual([
      0,
      3,
      null,
      null,
    ]);
    const rows = returnRows(ORDER, EARLIER);
    const state = {
      ...EMPTY_RETURN_FORM,
      quantities: { 'ACM-FLO-0001': '2', 'ACM-FLO-0002': 'x' },
      dispositions: { 'ACM-FLO-0001': 'WRITE_OFF' as const },
    };
    expect(chosenLines(rows, state)).toEqual({
      lines: [{ sku: 'ACM-FLO-0001', quantity: 2, disposition: 'WRITE_OFF' }],
      invalid: ['ACM-FLO-0002'],
    });
  });

  it('prices the return as sold less its share of the discount, and lowers the balance first', () => {
    // Units 2 and 3 of Blue Dream: $30 − 30 × 5/70 = $27.86 for three, less $9.29 for the first: $18.57.
    const lines = [{ sku: 'ACM-FLO-0001', quantity: 2, disposition: 'RESTOCK' as const }];
    expect(returnOutcome(ORDER, EARLIER, lines)).toEqual({
      outcome: {
        amount: 1857,
        appliedToOrder: 1857,
        excess: 0,
        balanceBefore: 3000,
        balanceAfter: 1143,
        restocked: 2,
        writtenOff: 0,
      },
    });
    // With a Gelato too ($32.50 for all three lines, less $9.29): $23.21. Owing $10, the other $13.21 goes to
    // credit or back to the customer.
    const owing = returnOutcome({ ...ORDER, balanceDue: 10 }, EARLIER, [
      ...lines,
      { sku: 'ACM-FLO-0002', quantity: 1, disposition: 'WRITE_OFF' },
    ]);
    expect(owing.outcome).toMatchObject({
      amount: 2321,
      appliedToOrder: 1000,
      excess: 1321,
      restocked: 2,
      writtenOff: 1,
    });
  });

  it('says why a return cannot be made, by the shared rule', () => {
    const five = [{ sku: 'ACM-FLO-0001', quantity: 5, disposition: 'RESTOCK' as const }];
    expect(returnOutcome(ORDER, EARLIER, five).refusal).toBe('At most 4 of ACM-FLO-0001 can still be returned');
    expect(returnOutcome(ORDER, EARLIER, []).refusal).toBe('Choose at least one line to return');
    expect(returnOutcome({ ...ORDER, orderStatus: 'PACKED' }, [], five).refusal).toBe(
      'Only a delivered or completed order can take a return; this one is packed',
    );
  });

  it('sends the body the route takes: trimmed, the method only with a refund, notes only when given', () => {
    const lines = [{ sku: 'ACM-FLO-0001', quantity: 1, disposition: 'RESTOCK' as const }];
    expect(returnBody(ORDER, { ...EMPTY_RETURN_FORM, reason: '  Crushed ', method: 'CASH' }, lines)).toEqual({
      orderId: 'o-1',
      reason: 'Crushed',
      lines: [{ productSku: 'ACM-FLO-0001', quantity: 1, disposition: 'RESTOCK' }],
      settlement: 'CREDIT',
    });
    expect(
      returnBody(
        ORDER,
        { ...EMPTY_RETURN_FORM, reason: 'x', settlement: 'REFUND', method: 'CARD', notes: ' n ' },
        lines,
      ),
    ).toMatchObject({ settlement: 'REFUND', method: 'CARD', notes: 'n' });
  });
});

describe('how a return reads', () => {
  it('names its lines, settlement and where its money went', () => {
    const r = makeReturn();
    expect(linesSummary(r)).toBe('2 × Blue Dream (restock), 1 × Gelato (write off)');
    expect(settlementText(r)).toBe('Credit to customer');
    expect(settlementText({ settlement: 'REFUND', method: 'CHECK' })).toBe('Refund (Check)');
    expect(settlementDetail(r)).toBe("$40.00 off the order's balance, $20.00 to credit");
    expect(settlementDetail(withoutMoney(r))).toBeUndefined();
  });
});

describe('the credit note PDF', () => {
  // $66 of goods, $6 of it the discount's share: a $60 note, $40 off the order, $20 to credit.
  const note = makeReturn();
  const definition = buildCreditNoteDocument(note, { printedAt: new Date('2026-03-10T12:00:00Z') });
  const words = texts(definition.content);

  it('is the invoice page: Letter, portrait, its margins; named after the note and the customer', () => {
    expect([definition.pageSize, definition.pageOrientation, definition.pageMargins]).toEqual([
      'LETTER',
      'portrait',
      35,
    ]);
    expect(definition.info?.title).toBe('Credit note CN-00012 - Green Leaf');
    expect(creditNoteFileName(note)).toBe('Credit_note_CN-00012_Green_Leaf.pdf');
  });

  it('has its number, date, customer, order, lines, totals, settlement and reason', () => {
    for (const text of ['Credit note CN-00012', 'for order #1042', 'Green Leaf', 'Mar 6, 2026', 'Credit to customer'])
      expect(words).toContain(text);
    expect(words.join(' ')).toContain('Crushed in transit');
    const [, lines, totals] = tables(definition.content);
    expect(lines).toEqual([
      ['SKU', 'Product', 'Qty', 'Price', 'Value', 'Disposition'],
      ['ACM-FLO-0001', 'Blue Dream', '2', '$18.00', '$36.00', 'Restock'],
      ['ACM-FLO-0002', 'Gelato', '1', '$30.00', '$30.00', 'Write off'],
    ]);
    expect(totals).toEqual([
      ['Subtotal', '$66.00'],
      ['Less share of order discount', '-$6.00'],
      ['Total credit', '$60.00'],
      ["Off the order's balance", '$40.00'],
      ["To the customer's credit", '$20.00'],
    ]);
    expect(creditNoteTotals(note)).toEqual({ subtotal: 6600, discountShare: 600, total: 6000 });
  });

  it('says how a refund went back', () => {
    const refund = buildCreditNoteDocument(
      makeReturn({ settlement: 'REFUND', method: 'CASH', appliedToOrder: 0, toCredit: undefined, refunded: 60 }),
    );
    const totals = tables(refund.content)[2]!;
    expect(totals.at(-1)).toEqual(['Refunded (Cash)', '$60.00']);
    expect(texts(refund.content)).toContain('Refund (Cash)');
  });

  it('leaves money out for a reader without prices', () => {
    const plain = buildCreditNoteDocument(withoutMoney(note));
    const all = tables(plain.content);
    expect(all[1]![0]).toEqual(['SKU', 'Product', 'Qty', 'Disposition']);
    expect(all).toHaveLength(2);
    expect(texts(plain.content).join(' ')).not.toMatch(/\$/);
  });

  it('renders to a real PDF with pdfmake', () => {
    const pdf = renderPdfInNode(definition);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('statements name credit notes and refunds', () => {
  const statement: Statement = makeStatement({
    lines: [
      ...makeStatement().lines,
      { date: '2026-03-06', type: 'CREDIT_NOTE', reference: 'CN-00012', amount: -60, balance: 560.35, returnId: 'r-1' },
    ],
    closingBalance: 560.35,
  });

  it('in the PDF', () => {
    const rows = tables(buildStatementDocument(statement).content)[1]!;
    expect(rows.slice(-3, -1)).toEqual([
      ['Mar 5, 2026', 'Refund', 'Refund 1050', '$0.10', '$620.35'],
      ['Mar 6, 2026', 'Credit note', 'CN-00012', '-$60.00', '$560.35'],
    ]);
  });

  it('in the spreadsheet', async () => {
    const sheet = (await buildStatementWorkbook(statement)).getWorksheet('Statement')!;
    const types: unknown[] = [];
    sheet.eachRow((row) => types.push(row.getCell(2).value));
    expect(types).toContain('Credit note');
    expect(types).toContain('Refund');
  });
});
