import {
  creditAdded,
  NO_PAYMENT,
  toDollars,
  type AddPaymentBody,
  type Payment,
  type PaymentEffect,
  type UpdatePaymentBody,
} from '@bo/shared';
import { toCents } from '@bo/shared';
import type { PaymentForm, PaymentFormState } from './use-payment-form';
import type { PayRow } from './use-payment-data';

/** The add/update body in the spec's names (section 7), in dollars; `customerCreditAdded` is the remainder. */
export function paymentBody(form: Pick<PaymentForm, 'state' | 'draft' | 'applied'>): AddPaymentBody {
  const { state, draft } = form;
  const notes = state.notes.trim();
  return {
    customerId: state.customerId ?? '',
    amount: toDollars(draft.amount),
    paymentDate: state.paymentDate,
    appliedPayments: form.applied.map((a) => ({ orderId: a.orderId, amount: toDollars(a.amount) })),
    customerCreditDeducted: toDollars(draft.creditDeducted),
    customerCreditAdded: toDollars(creditAdded(draft)),
    paymentMethod: state.paymentMethod,
    notes: notes || null,
  };
}

export const updateBody = (form: Parameters<typeof paymentBody>[0], payment: Payment): UpdatePaymentBody => ({
  ...paymentBody(form),
  modifiedOn: payment.modifiedOn,
});

/** What a stored payment does now, in cents (for `editBaseline`): nothing once it is void. */
export const storedEffect = (payment: Payment): PaymentEffect =>
  payment.voided
    ? NO_PAYMENT
    : {
        applied: payment.appliedPayments.map((a) => ({ orderId: a.orderId, amount: toCents(a.amount) })),
        creditDeducted: toCents(payment.customerCreditDeducted),
        creditAdded: toCents(payment.customerCreditAdded),
      };

/** What the form would make the payment do, in cents. */
export const formEffect = (form: {
  applied: PaymentEffect['applied'];
  amount: number;
  creditDeducted: number;
}): PaymentEffect => ({
  applied: form.applied,
  creditDeducted: form.creditDeducted,
  creditAdded: creditAdded(form),
});

/**
 * The edit form as the stored payment left it. One order that took all it could (the funds up to its balance)
 * reads as Single; anything else as Split with its amounts.
 */
export function formFromPayment(payment: Payment, rows: readonly PayRow[]): PaymentFormState {
  const applied = payment.appliedPayments;
  const funds = toCents(payment.amount) + toCents(payment.customerCreditDeducted);
  const only = applied.length === 1 ? applied[0]! : undefined;
  const onlyRow = only && rows.find((r) => r.orderId === only.orderId);
  const single =
    applied.length === 0 || (onlyRow !== undefined && toCents(only!.amount) === Math.min(funds, onlyRow.balanceDue));
  return {
    customerId: payment.customerId,
    paymentDate: payment.paymentDate,
    paymentMethod: payment.paymentMethod,
    amountText: payment.amount.toFixed(2),
    creditOn: payment.customerCreditDeducted > 0,
    creditText: payment.customerCreditDeducted > 0 ? payment.customerCreditDeducted.toFixed(2) : '',
    notes: payment.notes ?? '',
    split: !single,
    selected: applied.map((a) => a.orderId),
    amounts: single ? {} : Object.fromEntries(applied.map((a) => [a.orderId, a.amount.toFixed(2)])),
  };
}
