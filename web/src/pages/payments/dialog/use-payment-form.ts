import { useState, type Dispatch, type SetStateAction } from 'react';
import {
  canTakePayment,
  appliedRowProblem,
  balanceToSelected,
  canUseCredit,
  parsePaymentAmount,
  paymentFunds,
  paymentProblems,
  paymentProgress,
  singleAllocation,
  toDollars,
  type Allocation,
  type Cents,
  type PaymentDraft,
  type PaymentMethod,
  type PaymentMode,
} from '@bo/shared';
import type { PayRow } from './use-payment-data';

/** What the dialog holds as typed; every figure below is derived from it with the shared payment rules. */
export interface PaymentFormState {
  customerId: string | null;
  /** YYYY-MM-DD. */
  paymentDate: string;
  paymentMethod: PaymentMethod;
  amountText: string;
  creditOn: boolean;
  creditText: string;
  notes: string;
  /** Split: several orders with typed amounts; Single: exactly one, which takes the funds up to its balance. */
  split: boolean;
  /** Selected order ids. */
  selected: string[];
  /** Split mode's Apply $ boxes, by order id. */
  amounts: Record<string, string>;
}

const dollarsText = (cents: Cents): string => toDollars(cents).toFixed(2);

/**
 * The payment dialog's state and its instant previews: the draft the shared `paymentProblems` checks, each
 * row's applied amount and message, and the progress figures. Nothing here re-states a payment rule.
 */
export function usePaymentForm(
  [state, setState]: [PaymentFormState, Dispatch<SetStateAction<PaymentFormState>>],
  rows: readonly PayRow[],
  availableCredit: Cents,
  mode: PaymentMode,
) {
  /** The credit box was just capped at the available credit (spec section 5): say so until the next edit. */
  const [creditCapped, setCreditCapped] = useState(false);

  const amount = parsePaymentAmount(state.amountText);
  const creditDeducted = state.creditOn ? parsePaymentAmount(state.creditText) : 0;
  const funds = paymentFunds({ amount, creditDeducted });
  const selectedRows = rows.filter((r) => canTakePayment(r) && state.selected.includes(r.orderId));
  const applied: Allocation[] = state.split
    ? selectedRows.map((r) => ({ orderId: r.orderId, amount: parsePaymentAmount(state.amounts[r.orderId]) }))
    : selectedRows.slice(0, 1).flatMap((r) => singleAllocation(funds, r));
  const balanceOf = new Map(selectedRows.map((r) => [r.orderId, r.balanceDue]));
  const draft: PaymentDraft = {
    amount,
    creditDeducted,
    availableCredit,
    applied: applied.map((a) => ({ ...a, balanceDue: balanceOf.get(a.orderId) ?? 0 })),
  };
  const problems = paymentProblems(draft, mode);
  const progress = paymentProgress(draft);
  const appliedOf = new Map(applied.map((a) => [a.orderId, a.amount]));
  const rowProblem = (orderId: string): string | undefined => {
    const index = draft.applied.findIndex((a) => a.orderId === orderId);
    return index === -1 ? undefined : appliedRowProblem(draft, index, mode);
  };

  const patch = (p: Partial<PaymentFormState>) => setState((s) => ({ ...s, ...p }));

  const setCustomer = (customerId: string | null) => {
    if (customerId === state.customerId) return;
    setCreditCapped(false);
    patch({ customerId, selected: [], amounts: {}, creditOn: false, creditText: '' });
  };

  const setCreditOn = (on: boolean) => {
    setCreditCapped(false);
    const usable = on && canUseCredit(availableCredit);
    patch({ creditOn: usable, creditText: usable ? dollarsText(availableCredit) : '' });
  };

  /** Spec section 5: the credit used is capped at the available credit. */
  const setCreditText = (text: string) => {
    const over = parsePaymentAmount(text) > availableCredit;
    setCreditCapped(over);
    patch({ creditText: over ? dollarsText(availableCredit) : text });
  };

  const setSplit = (split: boolean) => {
    if (split === state.split) return;
    if (split) {
      // The single order keeps what it was taking, now in its own box.
      const amounts = Object.fromEntries(applied.map((a) => [a.orderId, dollarsText(a.amount)]));
      return patch({ split, amounts });
    }
    patch({ split, selected: selectedRows.slice(0, 1).map((r) => r.orderId), amounts: {} });
  };

  /** Zero-balance orders cannot be selected (spec section 4); Single keeps exactly one. */
  const setSelected = (orderIds: string[]) => {
    const payable = orderIds.filter((id) => rows.some((r) => r.orderId === id && canTakePayment(r)));
    patch({ selected: state.split ? payable : payable.slice(-1) });
  };

  const setOrderAmount = (orderId: string, text: string) =>
    setState((s) => ({ ...s, amounts: { ...s.amounts, [orderId]: text } }));

  /** 'Balance to selected orders': the funds spread over the selected orders in the table's order. */
  const balanceSelected = () => {
    const filled = balanceToSelected(funds, selectedRows);
    patch({ amounts: Object.fromEntries(filled.map((a) => [a.orderId, dollarsText(a.amount)])) });
  };

  return {
    state,
    patch,
    setCustomer,
    setCreditOn,
    setCreditText,
    creditCapped,
    setSplit,
    setSelected,
    setOrderAmount,
    balanceSelected,
    amount,
    creditDeducted,
    funds,
    selectedRows,
    applied,
    appliedOf,
    draft,
    problems,
    progress,
    rowProblem,
  };
}

export type PaymentForm = ReturnType<typeof usePaymentForm>;
