import type * as ExcelJsModule from 'exceljs';
import type { Workbook } from 'exceljs';
import { toCents, type Statement } from '@bo/shared';
import { loadExcelJs, XLSX_TYPE } from '../../../components/download-file';
import { statementPeriodText } from './statement-pdf';
import { AGEING_BUCKETS, DOCUMENT_TEXT, LINE_TYPE_LABELS, STATEMENT_COLUMNS, termsText } from './statement-text';

/**
 * A customer's statement as a spreadsheet: one sheet 'Statement' with the PDF's content (customer, period, terms,
 * opening balance, a row per line, closing balance, ageing). Money cells are numbers in a dollar format, dates
 * real dates. exceljs (~255 KB gzip) is imported only when a workbook is built.
 */

export const STATEMENT_SHEET = 'Statement';
export const MONEY_FORMAT = '$#,##0.00';
export const DATE_FORMAT = 'yyyy-mm-dd';

/** Dollars rounded at the cent, as a number a cell keeps. */
const money = (dollars: number): number => toCents(dollars) / 100;

/** `YYYY-MM-DD` as the date cell of that calendar day (Excel dates carry no time zone: midnight UTC is the day). */
const dayCell = (day: string): Date | string => {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date;
};

/** The column of Amount and of Balance (1-based), where the money of every row goes. */
const AMOUNT_COLUMN = 4;
const BALANCE_COLUMN = 5;

/** A workbook with the one 'Statement' sheet. */
export async function buildStatementWorkbook(statement: Statement): Promise<Workbook> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Back Office';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(STATEMENT_SHEET);
  sheet.columns = [{ width: 14 }, { width: 14 }, { width: 40 }, { width: 16 }, { width: 16 }];

  const title = sheet.addRow([DOCUMENT_TEXT.title]);
  title.font = { bold: true, size: 16 };
  sheet.addRow([DOCUMENT_TEXT.customer, statement.customerName]).getCell(2).font = { bold: true };
  sheet.addRow([DOCUMENT_TEXT.period, statementPeriodText(statement)]);
  sheet.addRow([DOCUMENT_TEXT.paymentTerms, termsText(statement.paymentTermsDays)]);
  sheet.addRow([]);

  const header = sheet.addRow([...STATEMENT_COLUMNS]);
  header.font = { bold: true };
  header.getCell(AMOUNT_COLUMN).alignment = { horizontal: 'right' };
  header.getCell(BALANCE_COLUMN).alignment = { horizontal: 'right' };
  const moneyRow = (values: ExcelJsModule.CellValue[], bold = false) => {
    const row = sheet.addRow(values);
    for (const column of [AMOUNT_COLUMN, BALANCE_COLUMN]) row.getCell(column).numFmt = MONEY_FORMAT;
    if (bold) row.font = { bold: true };
    return row;
  };
  moneyRow([DOCUMENT_TEXT.openingBalance, null, null, null, money(statement.openingBalance)]);
  for (const line of statement.lines) {
    const row = moneyRow([
      dayCell(line.date),
      LINE_TYPE_LABELS[line.type],
      line.reference,
      money(line.amount),
      money(line.balance),
    ]);
    row.getCell(1).numFmt = DATE_FORMAT;
  }
  if (statement.lines.length === 0) sheet.addRow([DOCUMENT_TEXT.noLines]).font = { italic: true };
  moneyRow([DOCUMENT_TEXT.closingBalance, null, null, null, money(statement.closingBalance)], true);

  sheet.addRow([]);
  sheet.addRow([DOCUMENT_TEXT.ageing]).font = { bold: true };
  for (const [key, label] of AGEING_BUCKETS) {
    const row = sheet.addRow([label, null, null, null, money(statement.ageing[key])]);
    row.getCell(BALANCE_COLUMN).numFmt = MONEY_FORMAT;
  }
  const total = sheet.addRow([DOCUMENT_TEXT.ageingTotal, null, null, null, money(statement.closingBalance)]);
  total.getCell(BALANCE_COLUMN).numFmt = MONEY_FORMAT;
  total.font = { bold: true };
  return workbook;
}

/** The statement's spreadsheet as a file. */
export async function statementXlsxBlob(statement: Statement): Promise<Blob> {
  const workbook = await buildStatementWorkbook(statement);
  return new Blob([await workbook.xlsx.writeBuffer()], { type: XLSX_TYPE });
}
