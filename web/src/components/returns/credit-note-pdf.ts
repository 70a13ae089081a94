import {
  fileNamePart,
  formatInvoiceDate,
  formatUsd,
  INVOICE_MARGIN,
  INVOICE_PAGE_SIZE,
  toCents,
  type Return,
} from '@bo/shared';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { PAYMENT_METHOD_LABELS } from '../../format/labels';
import { formatMoney } from '../../format/money';
import { partyAndFacts, right } from '../pdf/document-parts';
import { DISPOSITION_LABELS, settlementText } from './return-display';

/**
 * A return's credit note as a pdfmake document definition, in the invoice's style (Letter, portrait, 35 px
 * margins, the same title, labels and light table lines): its number and date, the customer and the order it
 * returns goods of, a row per product (SKU, name, quantity, price, value, disposition), the subtotal, less the
 * lines' share of the order's discount, the total credit, how it was settled, and the reason. A return read
 * without prices (INVENTORY) makes the same note without money. Pure: pdfmake itself loads on click
 * (`components/pdf/pdf-actions.ts`).
 */

export interface CreditNotePdfOptions {
  /** Heading line above the note, e.g. the company name. */
  companyName?: string;
  /** When the note is printed; default now. */
  printedAt?: Date;
}

export const CREDIT_NOTE_TEXT = {
  title: 'Credit note',
  customer: 'Credit to',
  date: 'Date',
  forOrder: 'For order',
  settlement: 'Settlement',
  subtotal: 'Subtotal',
  discountShare: 'Less share of order discount',
  total: 'Total credit',
  applied: "Off the order's balance",
  toCredit: "To the customer's credit",
  refunded: (method?: string) => (method ? `Refunded (${method})` : 'Refunded'),
  reason: 'Reason: ',
  notes: 'Notes: ',
  printed: 'printed',
} as const;

const MONEY_HEADERS = ['Price', 'Value'];

/** `Credit_note_CN-00012_Green_Leaf.pdf`. */
export const creditNoteFileName = (r: Pick<Return, 'creditNoteNum' | 'customerName'>): string =>
  `Credit_note_${r.creditNoteNum.replace(/[^A-Za-z0-9-]/g, '')}_${fileNamePart(r.customerName) || 'customer'}.pdf`;

/** The lines' value, less their share of the discount (what the note is worth), in cents. */
export function creditNoteTotals(r: Pick<Return, 'lines' | 'amount'>) {
  const subtotal = r.lines.reduce((sum, l) => sum + toCents(l.value ?? 0), 0);
  const total = toCents(r.amount ?? 0);
  return { subtotal, discountShare: subtotal - total, total };
}

/** The pdfmake document definition of one credit note. */
export function buildCreditNoteDocument(r: Return, options: CreditNotePdfOptions = {}): TDocumentDefinitions {
  const money = r.amount !== undefined;
  const headers = ['SKU', 'Product', 'Qty', ...(money ? MONEY_HEADERS : []), 'Disposition'];
  const body: TableCell[][] = [
    headers.map((text, i) => ({
      text,
      style: 'th',
      ...(i >= 2 && i < headers.length - 1 ? { alignment: 'right' } : {}),
    })),
  ];
  for (const line of r.lines)
    body.push([
      line.productSku,
      line.productName,
      right(String(line.quantity)),
      ...(money ? [right(formatMoney(line.price)), right(formatMoney(line.value))] : []),
      DISPOSITION_LABELS[line.disposition],
    ]);

  const totals = creditNoteTotals(r);
  const totalRows: TableCell[][] = [];
  if (money) {
    totalRows.push([CREDIT_NOTE_TEXT.subtotal, right(formatUsd(totals.subtotal))]);
    if (totals.discountShare > 0)
      totalRows.push([CREDIT_NOTE_TEXT.discountShare, right(`-${formatUsd(totals.discountShare)}`)]);
    totalRows.push([{ text: CREDIT_NOTE_TEXT.total, bold: true }, right(formatMoney(r.amount), { bold: true })]);
    if (r.appliedToOrder) totalRows.push([CREDIT_NOTE_TEXT.applied, right(formatMoney(r.appliedToOrder))]);
    if (r.toCredit) totalRows.push([CREDIT_NOTE_TEXT.toCredit, right(formatMoney(r.toCredit))]);
    if (r.refunded)
      totalRows.push([
        CREDIT_NOTE_TEXT.refunded(r.method ? PAYMENT_METHOD_LABELS[r.method] : undefined),
        right(formatMoney(r.refunded)),
      ]);
  }

  const details = partyAndFacts(CREDIT_NOTE_TEXT.customer, r.customerName, [
    [CREDIT_NOTE_TEXT.title, right(r.creditNoteNum, { bold: true })],
    [CREDIT_NOTE_TEXT.date, right(formatInvoiceDate(r.createdAt))],
    [CREDIT_NOTE_TEXT.forOrder, right(`#${r.orderNum}`)],
    [CREDIT_NOTE_TEXT.settlement, right(settlementText(r))],
  ]);

  const content: Content[] = [
    ...(options.companyName ? [{ text: options.companyName, style: 'company' }] : []),
    { text: `${CREDIT_NOTE_TEXT.title} ${r.creditNoteNum}`, style: 'title' },
    { text: `for order #${r.orderNum}`, style: 'subtitle', margin: [0, 0, 0, 12] },
    details,
    {
      table: {
        headerRows: 1,
        widths: ['auto', '*', 'auto', ...(money ? ['auto', 'auto'] : []), 'auto'],
        body,
      },
      layout: 'lightHorizontalLines',
    },
  ];
  if (totalRows.length > 0)
    content.push({
      columns: [
        { width: '*', text: '' },
        { width: 'auto', table: { widths: [170, 90], body: totalRows }, layout: 'lightHorizontalLines' },
      ],
      margin: [0, 12, 0, 0],
    });
  content.push({ text: [{ text: CREDIT_NOTE_TEXT.reason, bold: true }, r.reason], margin: [0, 16, 0, 0] });
  if (r.notes) content.push({ text: [{ text: CREDIT_NOTE_TEXT.notes, bold: true }, r.notes], margin: [0, 8, 0, 0] });

  const printedAt = options.printedAt ?? new Date();
  return {
    info: { title: `Credit note ${r.creditNoteNum} - ${r.customerName}`, subject: 'Credit note' },
    pageSize: INVOICE_PAGE_SIZE,
    pageOrientation: 'portrait',
    pageMargins: INVOICE_MARGIN,
    content,
    footer: (currentPage, pageCount) => ({
      columns: [
        {
          text: `${CREDIT_NOTE_TEXT.title} ${r.creditNoteNum} · order #${r.orderNum} · ${CREDIT_NOTE_TEXT.printed} ${formatInvoiceDate(printedAt.toISOString())}`,
          fontSize: 8,
        },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', fontSize: 8 },
      ],
      margin: [INVOICE_MARGIN, 10, INVOICE_MARGIN, 0],
    }),
    styles: {
      company: { fontSize: 12, bold: true, color: '#555555' },
      title: { fontSize: 20, bold: true },
      subtitle: { fontSize: 11, color: '#555555' },
      label: { fontSize: 8, color: '#666666' },
      customer: { fontSize: 14, bold: true },
      th: { bold: true, fontSize: 9, color: '#333333' },
    },
    defaultStyle: { fontSize: 10 },
  };
}
