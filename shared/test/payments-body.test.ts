import { describe, expect, it } from 'vitest';
import { addPaymentBody, checkPaymentBody, editBaseline, type OrderBalance, type PaymentEffect } from '../src/index';

/** Two orders owing $320.50 and $200; $35 of credit. */
const context = {
  balances: new Map([
    ['o1', 32_050],
    ['o2', 20_000],
  ]),
  availableCredit: 3_500,
};
const body = (over: Record<string, unknown> = {}) =>
  addPaymentBody.parse({
    paymentDate: '2026-11-24',
    amount: 500,
    customerCreditDeducted: 20,
    appliedPayments: [
      { orderId: 'o1', amount: 320.5 },
      { orderId: 'o2', amount: 150 },
    ],
    ...over,
  });

describe("checkPaymentBody: the server's check of a parsed body", () => {
  it('gives the effect in cents, with the credit added computed', () => {
    expect(checkPaymentBody(body(), context, 'new')).toEqual({
      ok: true,
      effect: {
        applied: [
          { orderId: 'o1', amount: 32_050 },
          { orderId: 'o2', amount: 15_000 },
        ],
        creditDeducted: 2_000,
        creditAdded: 4_950,
      },
    });
    expect(checkPaymentBody(body({ customerCreditAdded: 49.5 }), context, 'new').ok).toBe(true);
  });
  it("answers the spec's messages", () => {
    const message = (over: Record<string, unknown>, mode: 'new' | 'edit' = 'new') => {
      const result = checkPaymentBody(body(over), context, mode);
      return result.ok ? undefined : result.message;
    };
    expect(message({ amount: '', customerCreditDeducted: null, appliedPayments: [] })).toBe(
      'Please enter a payment amount',
    );
    expect(message({ appliedPayments: [{ orderId: 'o1' }] })).toBe('Please enter an amount for all selected orders');
    expect(message({ amount: 400 })).toBe('Insufficient funds for payments selected');
    expect(message({ appliedPayments: [{ orderId: 'o2', amount: 200.01 }] })).toBe('Payment exceeds balance due.');
    expect(message({ customerCreditDeducted: 35.01 })).toBe('Credit amount exceeds available credit');
    expect(message({ customerCreditAdded: 0 })).toBe(
      'customerCreditAdded must be 49.50: the amount plus credit used, less what is applied to orders',
    );
    expect(message({ appliedPayments: [{ orderId: 'o9', amount: 1 }] })).toBe(
      "Order o9 is not one of this customer's orders",
    );
  });
  it('on edit, checks against the balances and credit with the old payment given back', () => {
    const old: PaymentEffect = { applied: [{ orderId: 'o1', amount: 32_050 }], creditDeducted: 3_500, creditAdded: 0 };
    const now: OrderBalance[] = [
      { orderId: 'o1', total: 32_050, balanceDue: 0, orderStatus: 'DELIVERED', paymentStatus: 'PAID' },
      { orderId: 'o2', total: 20_000, balanceDue: 20_000, orderStatus: 'DELIVERED', paymentStatus: 'AWAITING' },
    ];
    const baseline = editBaseline(now, 0, old);
    const editContext = {
      balances: new Map(baseline.orders.map((o) => [o.orderId, o.balanceDue])),
      availableCredit: baseline.availableCredit,
    };
    const edited = body({
      amount: 300,
      customerCreditDeducted: 35,
      appliedPayments: [{ orderId: 'o1', amount: 320.5 }],
    });
    expect(checkPaymentBody(edited, editContext, 'edit')).toMatchObject({ ok: true, effect: { creditAdded: 1_450 } });
    // Without the old payment given back, o1 owes nothing and no credit is left.
    const stale = { balances: new Map(now.map((o) => [o.orderId, o.balanceDue])), availableCredit: 0 };
    expect(checkPaymentBody(edited, stale, 'edit')).toEqual({
      ok: false,
      message: 'Payment exceeds balance due.',
      issues: [
        { path: '', message: 'Payment exceeds balance due.' },
        { path: '', message: 'Credit amount exceeds available credit' },
        { path: 'appliedPayments.0.amount', message: 'Payment exceeds balance due.' },
      ],
    });
  });
});
