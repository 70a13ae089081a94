import {
  parsePriceInput,
  rowTotalPay,
  toCents,
  totalBasePay,
  type Cents,
  type PayrollRow,
  type PayrollRowBody,
  type PayType,
} from '@bo/shared';

/** The cells of a payroll row a user edits, as typed. */
export interface EditableCells {
  payType: PayType;
  baseRate: string;
  hoursWorked: string;
  bonus: string;
}
export type EditableField = keyof EditableCells;
export type RowEdits = Record<string, Partial<EditableCells>>;

const saved = (row: PayrollRow): EditableCells => ({
  payType: row.payType,
  baseRate: String(row.baseRate),
  hoursWorked: String(row.hoursWorked),
  bonus: String(row.bonus),
});

export const cellsOf = (row: PayrollRow, edits: RowEdits): EditableCells => ({ ...saved(row), ...edits[row.id] });

const HOURS_ERROR = 'Hours must be a number from 0 to 400';

/** A typed figure as a number, or its problem. */
function parseField(field: EditableField, text: string): { value: number } | { error: string } {
  if (field === 'hoursWorked') {
    const n = Number(text);
    return text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 400 ? { error: HOURS_ERROR } : { value: n };
  }
  const parsed = parsePriceInput(text);
  return 'error' in parsed ? { error: parsed.error.replace(/price/i, 'an amount') } : parsed;
}

/** Whether a cell differs from the saved row (numbers by value: '20.0' is 20). */
export function isChanged(row: PayrollRow, edits: RowEdits, field: EditableField): boolean {
  const edit = edits[row.id]?.[field];
  if (edit === undefined) return false;
  if (field === 'payType') return edit !== row.payType;
  const parsed = parseField(field, edit);
  return !('value' in parsed) || parsed.value !== row[field];
}

export const isRowChanged = (row: PayrollRow, edits: RowEdits): boolean =>
  (['payType', 'baseRate', 'hoursWorked', 'bonus'] as const).some((f) => isChanged(row, edits, f));

/** The problem of an edited cell, if any. */
export function cellProblem(row: PayrollRow, edits: RowEdits, field: Exclude<EditableField, 'payType'>) {
  const edit = edits[row.id]?.[field];
  if (edit === undefined) return undefined;
  const parsed = parseField(field, edit);
  return 'error' in parsed ? parsed.error : undefined;
}

const numberOr = (field: EditableField, text: string, fallback: number) => {
  const parsed = parseField(field, text);
  return 'value' in parsed ? parsed.value : fallback;
};

/** The row with its edits applied, in dollars (invalid cells keep the saved figure). */
export function editedRow(row: PayrollRow, edits: RowEdits): PayrollRow {
  const cells = cellsOf(row, edits);
  return {
    ...row,
    payType: cells.payType,
    baseRate: numberOr('baseRate', cells.baseRate, row.baseRate),
    hoursWorked: numberOr('hoursWorked', cells.hoursWorked, row.hoursWorked),
    bonus: numberOr('bonus', cells.bonus, row.bonus),
  };
}

/** The previews of an edited row (shared `totalBasePay` and `rowTotalPay`), in cents. */
export function previewOf(row: PayrollRow): { totalBasePay: Cents; totalPay: Cents } {
  const base = totalBasePay({ payType: row.payType, baseRate: toCents(row.baseRate), hoursWorked: row.hoursWorked });
  return {
    totalBasePay: base,
    totalPay: rowTotalPay({
      totalBasePay: base,
      commission: toCents(row.commission),
      bonus: toCents(row.bonus),
      reimbursement: toCents(row.reimbursement),
    }),
  };
}

/** What the whole period pays, edits included (the sum of the rows' Total pay), in cents. */
export const periodTotalPay = (rows: readonly PayrollRow[], edits: RowEdits): Cents =>
  rows.reduce((sum, row) => sum + previewOf(editedRow(row, edits)).totalPay, 0);

/**
 * A row as `payroll.update` / `payroll.submit` take it: as read with the edits, the previews in place of the
 * server's figures (it recomputes them), and without the reimbursement details (their own dialog saves them).
 */
export function rowBody(row: PayrollRow, edits: RowEdits): PayrollRowBody {
  const edited = editedRow(row, edits);
  const preview = previewOf(edited);
  const { reimbursementsDetails: _details, ...rest } = edited;
  return { ...rest, totalBasePay: preview.totalBasePay / 100, totalPay: preview.totalPay / 100 };
}
