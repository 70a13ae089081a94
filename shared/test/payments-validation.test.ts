import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appliedRowProblem,
  canTakePayment,
  canUseCredit,
  capCredit,
  creditAdded,
  creditAddedRefusal,
  parsePaymentAmount,
  paymentProblems,
  paymentTouchesTooManyOrders,
  validatePayment,
  type PaymentDraft,
} from '../src/index';

/** $500 and $20 of credit (of $35 available) over two orders owing $320.50 and $200. */
const draft = (over: Partial<PaymentDraft> = {}): PaymentDraft => ({
  amount: 50_000,
  creditDeducted: 2_000,
  availableCredit: 3_500,
  applied: [
    { orderId: 'o1', amount: 32_050, balanceDue: 32_050 },
    { orderId: 'o2', amount: 15_000, balanceDue: 20_000 },
  ],
  ...over,
});

describe('amount parsing (spec section 5: a decimal, falling back to 0)', () => {
  it('reads typed text to the cent', () => {
    expect(parsePaymentAmount('125.5')).toBe(12_550);
    expect(parsePaymentAmount('$1,250.50')).toBe(125_050);
    expect(parsePaymentAmount('0.005')).toBe(1);
    expect(parsePaymentAmount(99.99)).toBe(9_999);
  });
  it('falls back to 0 for empty, non-numbers and negatives', () => {
    for (const input of ['', 'abc', '.', null, undefined, Number.NaN, -5, '-5']) {
      expect(parsePaymentAmount(input)).toBe(0);
    }
  });
});

describe('credit and selectable orders', () => {
  it('credit can be used only when some is available, and is capped at it', () => {
    expect(canUseCredit(1)).toBe(true);
    expect(canUseCredit(0)).toBe(false);
    expect(canUseCredit(-100)).toBe(false);
    expect(capCredit(5_000, 3_500)).toBe(3_500);
    expect(capCredit(2_000, 3_500)).toBe(2_000);
    expect(capCredit(2_000, 0)).toBe(0);
  });
  it('an order with nothing to pay cannot be selected', () => {
    expect(canTakePayment({ balanceDue: 0 })).toBe(false);
    expect(canTakePayment({ balanceDue: 1 })).toBe(true);
    expect(canTakePayment({ balanceDue: 5_000, orderStatus: 'DELIVERED' })).toBe(true);
    for (const orderStatus of ['DRAFT', 'CANCELLED', 'REFUNDED'] as const)
      expect(canTakePayment({ balanceDue: 5_000, orderStatus })).toBe(false);
  });
});

describe('the remainder becomes customerCreditAdded (spec section 4)', () => {
  it('is amount + credit used − applied', () => {
    expect(creditAdded(draft())).toBe(50_000 + 2_000 - 47_050);
    expect(creditAdded(draft({ applied: [] }))).toBe(52_000);
    expect(creditAdded(draft({ amount: 0, creditDeducted: 0 }))).toBe(0);
  });
  it('the server refuses a body that disagrees, and takes one that agrees or says nothing', () => {
    expect(creditAddedRefusal(4_950, 4_950)).toBeUndefined();
    expect(creditAddedRefusal(undefined, 4_950)).toBeUndefined();
    expect(creditAddedRefusal(null, 4_950)).toBeUndefined();
    expect(creditAddedRefusal(0, 4_950)).toBe(
      'customerCreditAdded must be 49.50: the amount plus credit used, less what is applied to orders',
    );
  });
  it('holds applied + creditAdded = amount + credit used for every valid payment', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(100_000),
        fc.array(fc.nat(100_000), { maxLength: 8 }),
        (amount, creditDeducted, amounts) => {
          const applied = amounts.map((a, i) => ({ orderId: `o${i}`, amount: a, balanceDue: a }));
          const p = { amount, creditDeducted, availableCredit: creditDeducted, applied };
          if (validatePayment(p, 'new') !== undefined) return;
          expect(applied.reduce((s, a) => s + a.amount, 0) + creditAdded(p)).toBe(amount + creditDeducted);
        },
      ),
    );
  });
});

describe("validatePayment: the spec's messages in its order (section 5)", () => {
  it('accepts a good payment', () => {
    expect(validatePayment(draft(), 'new')).toBeUndefined();
    expect(validatePayment(draft(), 'edit')).toBeUndefined();
  });
  it("'Please enter a payment amount' when amount and credit are both 0", () => {
    expect(validatePayment(draft({ amount: 0, creditDeducted: 0, applied: [] }), 'new')).toBe(
      'Please enter a payment amount',
    );
    expect(validatePayment(draft({ amount: 0, creditDeducted: 2_000, applied: [] }), 'new')).toBeUndefined();
  });
  it("'Please enter an amount for all selected orders': a selected order at 0 (edit: not above 0)", () => {
    const zero = draft({ applied: [{ orderId: 'o1', amount: 0, balanceDue: 32_050 }] });
    expect(validatePayment(zero, 'new')).toBe('Please enter an amount for all selected orders');
    expect(validatePayment(zero, 'edit')).toBe('Please enter an amount for all selected orders');
    const negative = draft({ applied: [{ orderId: 'o1', amount: -1, balanceDue: 32_050 }] });
    expect(paymentProblems(negative, 'edit')).toContain('Please enter an amount for all selected orders');
    expect(paymentProblems(negative, 'new')).not.toContain('Please enter an amount for all selected orders');
  });
  it("'Insufficient funds for payments selected' when more is applied than amount + credit; on edit also 'Please enter a valid payment amount'", () => {
    const over = draft({ amount: 40_000 });
    expect(validatePayment(over, 'new')).toBe('Insufficient funds for payments selected');
    expect(paymentProblems(over, 'edit')).toEqual([
      'Insufficient funds for payments selected',
      'Please enter a valid payment amount',
      'Insufficient remaining funds.',
    ]);
  });
  it("'Insufficient remaining funds.' beside the order whose amount is above what the others leave", () => {
    const over = draft({ amount: 40_000 });
    expect(appliedRowProblem(over, 0)).toBe('Insufficient remaining funds.');
    expect(appliedRowProblem(over, 1)).toBe('Insufficient remaining funds.');
    expect(appliedRowProblem(draft(), 0)).toBeUndefined();
    expect(appliedRowProblem(draft(), 5)).toBeUndefined();
  });
  it("'Payment exceeds balance due.' when an order takes more than it owes", () => {
    const more = draft({ applied: [{ orderId: 'o2', amount: 20_001, balanceDue: 20_000 }] });
    expect(validatePayment(more, 'new')).toBe('Payment exceeds balance due.');
    expect(appliedRowProblem(more, 0)).toBe('Payment exceeds balance due.');
    const paid = draft({ applied: [{ orderId: 'o3', amount: 100, balanceDue: 0 }] });
    expect(validatePayment(paid, 'new')).toBe('Payment exceeds balance due.');
  });
  it("'Credit amount exceeds available credit', also when none is available", () => {
    expect(validatePayment(draft({ creditDeducted: 3_501 }), 'new')).toBe('Credit amount exceeds available credit');
    expect(validatePayment(draft({ availableCredit: 3_500, creditDeducted: 3_500 }), 'new')).toBeUndefined();
    expect(validatePayment(draft({ availableCredit: -10, creditDeducted: 1 }), 'new')).toBe(
      'Credit amount exceeds available credit',
    );
  });
  it('lists every problem in the spec order, the first one being the answer', () => {
    const bad = draft({
      amount: 0,
      creditDeducted: 0,
      availableCredit: 0,
      applied: [
        { orderId: 'o1', amount: 0, balanceDue: 100 },
        { orderId: 'o2', amount: 500, balanceDue: 100 },
      ],
    });
    expect(paymentProblems(bad, 'new')).toEqual([
      'Please enter a payment amount',
      'Please enter an amount for all selected orders',
      'Insufficient funds for payments selected',
      'Insufficient remaining funds.',
    ]);
    expect(validatePayment(bad, 'new')).toBe('Please enter a payment amount');
  });
  it('a payment it accepts never applies more than it holds, over-applies an order or overdraws credit', () => {
    fc.assert(
      fc.property(
        fc.nat(200_000),
        fc.nat(50_000),
        fc.nat(50_000),
        fc.array(fc.tuple(fc.nat(100_000), fc.nat(100_000)), { maxLength: 6 }),
        fc.constantFrom('new' as const, 'edit' as const),
        (amount, creditDeducted, availableCredit, rows, mode) => {
          const applied = rows.map(([a, b], i) => ({ orderId: `o${i}`, amount: a, balanceDue: b }));
          const p = { amount, creditDeducted, availableCredit, applied };
          if (validatePayment(p, mode) !== undefined) return;
          expect(applied.reduce((s, a) => s + a.amount, 0)).toBeLessThanOrEqual(amount + creditDeducted);
          for (const a of applied) expect(a.amount).toBeLessThanOrEqual(a.balanceDue);
          expect(creditDeducted).toBeLessThanOrEqual(availableCredit);
          expect(amount + creditDeducted).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('how many orders an edit writes', () => {
  it('counts the old and the new orders together', () => {
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ orderId: `o${from + i}` }));
    expect(paymentTouchesTooManyOrders(ids(0, 30), ids(0, 30))).toBe(false);
    expect(paymentTouchesTooManyOrders(ids(0, 20), ids(10, 20))).toBe(false);
    expect(paymentTouchesTooManyOrders(ids(0, 20), ids(11, 20))).toBe(true);
  });
});
