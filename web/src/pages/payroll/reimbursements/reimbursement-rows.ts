import { parsePriceInput, toCents, type Cents, type Reimbursement } from '@bo/shared';

/** One row of the dialog as typed. */
export interface ReimbursementLine {
  key: number;
  description: string;
  amountText: string;
}

export const blankLine = (key: number): ReimbursementLine => ({ key, description: '', amountText: '' });

export const linesFrom = (saved: readonly Reimbursement[]): ReimbursementLine[] =>
  saved.length === 0
    ? [blankLine(0)]
    : saved.map((r, i) => ({ key: i, description: r.description, amountText: String(r.amount) }));

/** A line's amount in cents when it parses (the running Total counts those), else null. */
export function lineCents(line: ReimbursementLine): Cents | null {
  const parsed = parsePriceInput(line.amountText);
  return 'value' in parsed ? toCents(parsed.value) : null;
}

export const DESCRIPTION_REQUIRED = 'Description is required';

/** Why a line cannot be sent, or undefined; an entirely blank line is skipped, not refused. */
export function lineProblem(line: ReimbursementLine): { description?: string; amount?: string } | undefined {
  if (isBlank(line)) return undefined;
  const parsed = parsePriceInput(line.amountText);
  const problem = {
    ...(line.description.trim() ? {} : { description: DESCRIPTION_REQUIRED }),
    ...('error' in parsed ? { amount: parsed.error.replace('price', 'amount').replace('Price', 'Amount') } : {}),
  };
  return Object.keys(problem).length ? problem : undefined;
}

export const isBlank = (line: ReimbursementLine): boolean => !line.description.trim() && !line.amountText.trim();

/** The `payroll.submitReimbursements` body: the spec's list of description and amount (dollars). */
export const reimbursementsBody = (lines: readonly ReimbursementLine[]): Reimbursement[] =>
  lines
    .filter((l) => !isBlank(l))
    .map((l) => ({ description: l.description.trim(), amount: (lineCents(l) ?? 0) / 100 }));

/** Whether the typed lines differ from the saved list (what Submit would send against what is saved). */
export const linesChanged = (lines: readonly ReimbursementLine[], saved: readonly Reimbursement[]): boolean =>
  JSON.stringify(
    lines
      .filter((l) => !isBlank(l))
      .map((l) => [l.description.trim(), l.amountText.trim() === '' ? null : lineCents(l)]),
  ) !== JSON.stringify(saved.map((r) => [r.description, toCents(r.amount)]));
