import type { Cents } from '../../money';
import { PAYMENT_MESSAGES } from '../../schemas/payments';
import { appliedTotal, paymentFunds } from './amounts';

export type PaymentMode = 'new' | 'edit';

/** A payment as the dialog holds it and the server checks it, in cents. */
export interface PaymentDraft {
  amount: Cents;
  /** Credit used (0 when the credit box is off). */
  creditDeducted: Cents;
  /** The customer's credit available to this payment (on edit: including what the old payment took). */
  availableCredit: Cents;
  /** The selected orders with their amounts and balances (on edit: balances before the old payment). */
  applied: ReadonlyArray<{ orderId: string; amount: Cents; balanceDue: Cents }>;
}

/** A selected order without an amount: at 0 on a new payment, not above 0 on edit (spec section 5). */
const lacksAmount = (amount: Cents, mode: PaymentMode): boolean => (mode === 'new' ? amount === 0 : !(amount > 0));

/** The message beside one order's Apply $ box, or undefined (spec section 5). */
export function appliedRowProblem(draft: PaymentDraft, index: number, mode: PaymentMode = 'new'): string | undefined {
  const row = draft.applied[index];
  if (!row) return undefined;
  if (lacksAmount(row.amount, mode)) return PAYMENT_MESSAGES.orderAmountRequired;
  const others = appliedTotal(draft.applied) - row.amount;
  if (row.amount > paymentFunds(draft) - others) return PAYMENT_MESSAGES.insufficientRemaining;
  // Single mode fills an order up to its balance at most, so this holds for every payment, not only Split.
  if (row.amount > row.balanceDue) return PAYMENT_MESSAGES.exceedsBalance;
  return undefined;
}

/**
 * Every message that stops the payment, in the spec's order (section 5). On edit a failed funds check also
 * gives 'Please enter a valid payment amount'.
 */
export function paymentProblems(draft: PaymentDraft, mode: PaymentMode): string[] {
  const problems: string[] = [];
  if (draft.amount <= 0 && draft.creditDeducted <= 0) problems.push(PAYMENT_MESSAGES.amountRequired);
  if (draft.applied.some((a) => lacksAmount(a.amount, mode))) problems.push(PAYMENT_MESSAGES.orderAmountRequired);
  if (appliedTotal(draft.applied) > paymentFunds(draft)) {
    problems.push(PAYMENT_MESSAGES.insufficientFunds);
    if (mode === 'edit') problems.push(PAYMENT_MESSAGES.invalidAmountOnEdit);
  }
  const rows = draft.applied.map((_, i) => appliedRowProblem(draft, i, mode));
  for (const message of [PAYMENT_MESSAGES.insufficientRemaining, PAYMENT_MESSAGES.exceedsBalance]) {
    if (rows.includes(message)) problems.push(message);
  }
  if (draft.creditDeducted > Math.max(0, draft.availableCredit)) problems.push(PAYMENT_MESSAGES.creditExceedsAvailable);
  return problems;
}

/** The first message that stops the payment, or undefined: the screen shows it before sending, the API answers it. */
export const validatePayment = (draft: PaymentDraft, mode: PaymentMode): string | undefined =>
  paymentProblems(draft, mode)[0];
