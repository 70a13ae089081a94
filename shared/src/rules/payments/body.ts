import { toCents, type Cents } from '../../money';
import type { AddPaymentBody } from '../../schemas/payments';
import { creditAdded, creditAddedRefusal } from './amounts';
import type { PaymentEffect } from './effects';
import { appliedRowProblem, paymentProblems, type PaymentMode } from './validation';

/** What the server knows when it checks a body: each order's balance and the customer's credit, in cents. */
export interface PaymentContext {
  /**
   * Balance due of every order the body names, as the payment may use it: for an edit, with the old
   * payment's amounts given back (`editBaseline`). An order missing here is not the customer's.
   */
  balances: ReadonlyMap<string, Cents>;
  /** Credit the payment may use (for an edit, with the old payment's effect undone). */
  availableCredit: Cents;
}

/** A problem of the body, where it is: `appliedPayments.<i>.amount` for one order's amount, else ''. */
export interface PaymentIssue {
  path: string;
  message: string;
}

export type PaymentBodyCheck =
  { ok: true; effect: PaymentEffect } | { ok: false; message: string; issues?: PaymentIssue[] };

/**
 * The server's one check of a parsed add/update body: the spec's messages in order (`paymentProblems`: the first is the message, all of them and each order's are the issues), then
 * the reported `customerCreditAdded` against the computed one. Gives the effect to write, in cents.
 */
export function checkPaymentBody(
  body: Pick<AddPaymentBody, 'amount' | 'customerCreditDeducted' | 'customerCreditAdded' | 'appliedPayments'>,
  context: PaymentContext,
  mode: PaymentMode,
): PaymentBodyCheck {
  const unknown = body.appliedPayments.find((a) => !context.balances.has(a.orderId));
  if (unknown) return { ok: false, message: `Order ${unknown.orderId} is not one of this customer's orders` };
  const applied = body.appliedPayments.map((a) => ({ orderId: a.orderId, amount: toCents(a.amount) }));
  const draft = {
    amount: toCents(body.amount),
    creditDeducted: toCents(body.customerCreditDeducted),
    availableCredit: context.availableCredit,
    applied: applied.map((a) => ({ ...a, balanceDue: context.balances.get(a.orderId)! })),
  };
  const problems = paymentProblems(draft, mode);
  if (problems.length > 0) {
    const rows = draft.applied.flatMap((_, i) => {
      const message = appliedRowProblem(draft, i, mode);
      return message ? [{ path: `appliedPayments.${i}.amount`, message }] : [];
    });
    return {
      ok: false,
      message: problems[0]!,
      issues: [...problems.map((message) => ({ path: '', message })), ...rows],
    };
  }
  const added = creditAdded(draft);
  const reported = body.customerCreditAdded == null ? undefined : toCents(body.customerCreditAdded);
  const refusal = creditAddedRefusal(reported, added);
  if (refusal) return { ok: false, message: refusal };
  return { ok: true, effect: { applied, creditDeducted: draft.creditDeducted, creditAdded: added } };
}
