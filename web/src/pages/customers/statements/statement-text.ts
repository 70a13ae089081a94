import { fileNamePart, type Statement, type StatementLineType } from '@bo/shared';
import { STATEMENT_ACTIONS_TEXT } from '../../../components/statements/statement-dialogs';

/** Customer statements (issue 23, section 4): the words of the dialogs and of the PDF and Excel documents. */

export const STATEMENT_TEXT = {
  title: STATEMENT_ACTIONS_TEXT.statementFor,
  rangeLabel: 'Statement period',
  rangeDescription: 'Invoices, payments, credit notes and refunds from the first day to the last, up to today.',
  rangePlaceholder: 'Choose the period',
  loading: 'Loading the statement',
  loadError: 'The statement could not be loaded',
  loadErrorFallback: 'Try again, or choose another period.',
  chooseRange: 'Choose a period to make the statement.',
  downloadPdf: 'Download PDF',
  downloadXlsx: 'Download Excel',
  pdfError: 'The statement PDF could not be made. Try again.',
  xlsxError: 'The statement spreadsheet could not be made. Try again.',
  downloaded: (fileName: string) => `Downloaded ${fileName}`,
  close: 'Close',
  linesLabel: 'Invoices, payments and credit notes',
  lineCount: (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`,
} as const;

export const BATCH_TEXT = {
  title: 'Statements for all customers',
  description: (n: number) =>
    `A PDF statement for each of the ${n} ${n === 1 ? 'customer' : 'customers'} with a balance, in one zip file.`,
  start: 'Download zip',
  cancel: 'Cancel',
  close: 'Close',
  progressLabel: 'Statements',
  progress: (done: number, total: number) => `${done} of ${total} statements`,
  zipping: 'Making the zip file',
  cancelled: (done: number, total: number) => `Cancelled after ${done} of ${total} statements. Nothing was downloaded.`,
  done: (fileName: string, count: number) =>
    `Downloaded ${fileName} with ${count} ${count === 1 ? 'statement' : 'statements'}.`,
  failuresHeader: (n: number) => `${n} ${n === 1 ? 'statement' : 'statements'} could not be made`,
  failuresNote: 'The zip file holds the others.',
  noneMade: 'No statement could be made, so nothing was downloaded.',
  zipError: 'The zip file could not be made. Try again.',
  failure: (customerName: string, message: string) => `${customerName}: ${message}`,
  fetchFallback: 'The statement could not be loaded.',
} as const;

/** The words inside the documents (PDF and Excel alike). */
export const DOCUMENT_TEXT = {
  title: 'Statement',
  customer: 'Customer',
  period: 'Period',
  paymentTerms: 'Payment terms',
  openingBalance: 'Opening balance',
  closingBalance: 'Closing balance',
  noLines: 'No invoices, payments or credit notes in this period',
  ageing: 'Ageing of the closing balance (days past due)',
  ageingTotal: 'Total',
  printed: 'printed',
} as const;

export const STATEMENT_COLUMNS = ['Date', 'Type', 'Reference', 'Amount', 'Balance'] as const;

export const LINE_TYPE_LABELS: Record<StatementLineType, string> = {
  INVOICE: 'Invoice',
  PAYMENT: 'Payment',
  CREDIT_NOTE: 'Credit note',
  REFUND: 'Refund',
};

export type AgeingKey = keyof Statement['ageing'];

/** The ageing buckets in order, with their labels. */
export const AGEING_BUCKETS: ReadonlyArray<readonly [AgeingKey, string]> = [
  ['days0to30', '0–30 days'],
  ['days31to60', '31–60 days'],
  ['days61to90', '61–90 days'],
  ['over90', 'Over 90 days'],
];

/** The customer's terms: `Net 30 days`, or `Due on receipt` for none. */
export const termsText = (days: number): string =>
  days > 0 ? `Net ${days} ${days === 1 ? 'day' : 'days'}` : 'Due on receipt';

/** `Statement_Green_Leaf_2026-02-09_2026-03-10.pdf`: the customer's name made safe for a file name. */
export const statementFileName = (
  statement: Pick<Statement, 'customerName' | 'from' | 'to'>,
  extension: 'pdf' | 'xlsx',
): string =>
  `Statement_${fileNamePart(statement.customerName) || 'customer'}_${statement.from}_${statement.to}.${extension}`;

/** The batch's download: `Statements_2026-02-09_2026-03-10.zip`. */
export const batchZipName = (period: { from: string; to: string }): string =>
  `Statements_${period.from}_${period.to}.zip`;
