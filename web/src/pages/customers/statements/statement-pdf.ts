import { formatInvoiceDate, formatUsd, INVOICE_MARGIN, INVOICE_PAGE_SIZE, toCents, type Statement } from '@bo/shared';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { partyAndFacts, right } from '../../../components/pdf/document-parts';
import { AGEING_BUCKETS, DOCUMENT_TEXT, LINE_TYPE_LABELS, STATEMENT_COLUMNS, termsText } from './statement-text';

/**
 * A customer's statement as a pdfmake document definition, in the invoice's style (Letter, portrait, 35 px
 * margins, the same title, labels and light table lines): the customer and period, the opening balance, a row per
 * invoice and payment with the running balance, the closing balance, and its ageing by days past due with the
 * payment terms. Pure: pdfmake itself loads on click (`components/pdf/pdf-actions.ts`).
 */

export interface StatementPdfOptions {
  /** When the statement is printed; default now. */
  printedAt?: Date;
}

/** Dollars as the documents show money: `$1,234.50`, `-$80.00`. */
export const statementMoney = (dollars: number): string => formatUsd(toCents(dollars));

/** `Feb 9, 2026 – Mar 10, 2026`. */
export const statementPeriodText = (statement: Pick<Statement, 'from' | 'to'>): string =>
  `${formatInvoiceDate(statement.from)} – ${formatInvoiceDate(statement.to)}`;

/** The pdfmake document definition of one statement. */
export function buildStatementDocument(statement: Statement, options: StatementPdfOptions = {}): TDocumentDefinitions {
  const columns = STATEMENT_COLUMNS.length;
  const filler = (): TableCell[] => Array.from({ length: columns - 2 }, () => ({}));
  const body: TableCell[][] = [
    STATEMENT_COLUMNS.map((header, i) => ({ text: header, style: 'th', ...(i >= 3 ? { alignment: 'right' } : {}) })),
    [
      { text: DOCUMENT_TEXT.openingBalance, colSpan: columns - 1, italics: true },
      ...filler(),
      right(statementMoney(statement.openingBalance), { italics: true }),
    ],
  ];
  for (const line of statement.lines)
    body.push([
      formatInvoiceDate(line.date),
      LINE_TYPE_LABELS[line.type],
      line.reference,
      right(statementMoney(line.amount)),
      right(statementMoney(line.balance)),
    ]);
  if (statement.lines.length === 0)
    body.push([{ text: DOCUMENT_TEXT.noLines, colSpan: columns, italics: true, color: '#666666' }, ...filler(), {}]);
  body.push([
    { text: DOCUMENT_TEXT.closingBalance, colSpan: columns - 1, bold: true },
    ...filler(),
    right(statementMoney(statement.closingBalance), { bold: true }),
  ]);

  const details = partyAndFacts(DOCUMENT_TEXT.customer, statement.customerName, [
    [DOCUMENT_TEXT.period, right(statementPeriodText(statement))],
    [DOCUMENT_TEXT.paymentTerms, right(termsText(statement.paymentTermsDays))],
    [DOCUMENT_TEXT.openingBalance, right(statementMoney(statement.openingBalance))],
    [
      { text: DOCUMENT_TEXT.closingBalance, bold: true },
      right(statementMoney(statement.closingBalance), { bold: true }),
    ],
  ]);

  const ageing: Content = {
    stack: [
      { text: DOCUMENT_TEXT.ageing, style: 'section' },
      { text: `${DOCUMENT_TEXT.paymentTerms}: ${termsText(statement.paymentTermsDays)}`, style: 'label' },
      {
        table: {
          headerRows: 1,
          widths: ['*', '*', '*', '*', '*'],
          body: [
            [
              ...AGEING_BUCKETS.map(([, label]) => ({ text: label, style: 'th', alignment: 'right' as const })),
              { text: DOCUMENT_TEXT.ageingTotal, style: 'th', alignment: 'right' },
            ],
            [
              ...AGEING_BUCKETS.map(([key]) => right(statementMoney(statement.ageing[key]))),
              right(statementMoney(statement.closingBalance), { bold: true }),
            ],
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 6, 0, 0],
      },
    ],
    margin: [0, 20, 0, 0],
    unbreakable: true,
  };

  const content: Content[] = [
    { text: DOCUMENT_TEXT.title, style: 'title', margin: [0, 0, 0, 12] },
    details,
    {
      table: { headerRows: 1, widths: ['auto', 'auto', '*', 'auto', 'auto'], body },
      layout: 'lightHorizontalLines',
    },
    ageing,
  ];

  const printedAt = options.printedAt ?? new Date();
  return {
    info: {
      title: `Statement - ${statement.customerName} - ${statement.from} to ${statement.to}`,
      subject: 'Statement',
    },
    pageSize: INVOICE_PAGE_SIZE,
    pageOrientation: 'portrait',
    pageMargins: INVOICE_MARGIN,
    content,
    footer: (currentPage, pageCount) => ({
      columns: [
        {
          text: `${DOCUMENT_TEXT.title} · ${statement.customerName} · ${DOCUMENT_TEXT.printed} ${formatInvoiceDate(printedAt.toISOString())}`,
          fontSize: 8,
        },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', fontSize: 8 },
      ],
      margin: [INVOICE_MARGIN, 10, INVOICE_MARGIN, 0],
    }),
    styles: {
      title: { fontSize: 20, bold: true },
      label: { fontSize: 8, color: '#666666' },
      customer: { fontSize: 14, bold: true },
      section: { fontSize: 11, bold: true },
      th: { bold: true, fontSize: 9, color: '#333333' },
    },
    defaultStyle: { fontSize: 10 },
  };
}
