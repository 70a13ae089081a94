import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceToSelected,
  editBaseline,
  NO_PAYMENT,
  earnedPaymentStatus,
  paymentEffects,
  paymentOutcome,
  paymentStatusRefusal,
  reversePayment,
  singleAllocation,
  totalBelowPaidRefusal,
  validatePayment,
  type OrderBalance,
  type PaymentEffect,
} from '../src/index';

const order = (orderId: string, total: number, balanceDue = total): OrderBalance => ({
  orderId,
  total,
  balanceDue,
  orderStatus: 'DELIVERED',
  paymentStatus: balanceDue === total ? 'AWAITING' : balanceDue === 0 ? 'PAID' : 'PARTIAL',
});

describe('allocation: Single and Split (spec section 4)', () => {
  it('Single: the one order takes the funds up to its balance', () => {
    expect(singleAllocation(50_000, order('o1', 32_050))).toEqual([{ orderId: 'o1', amount: 32_050 }]);
    expect(singleAllocation(10_000, order('o1', 32_050))).toEqual([{ orderId: 'o1', amount: 10_000 }]);
    expect(singleAllocation(10_000, order('o1', 32_050, 0))).toEqual([]);
  });
  it("'Balance to selected orders' fills the selected orders in order, each up to its balance", () => {
    const selected = [order('o1', 32_050), order('o2', 20_000, 0), order('o3', 20_000, 15_000), order('o4', 9_000)];
    expect(balanceToSelected(52_000, selected)).toEqual([
      { orderId: 'o1', amount: 32_050 },
      { orderId: 'o3', amount: 15_000 },
      { orderId: 'o4', amount: 4_950 },
    ]);
    expect(balanceToSelected(100_000, selected).map((a) => a.amount)).toEqual([32_050, 15_000, 9_000]);
    expect(balanceToSelected(0, selected).map((a) => a.amount)).toEqual([0, 0, 0]);
  });
  it('never gives an order more than it owes nor more than the funds', () => {
    fc.assert(
      fc.property(fc.nat(500_000), fc.array(fc.nat(100_000), { maxLength: 10 }), (funds, balances) => {
        const selected = balances.map((b, i) => order(`o${i}`, b));
        const allocation = balanceToSelected(funds, selected);
        const total = allocation.reduce((s, a) => s + a.amount, 0);
        expect(total).toBe(
          Math.min(
            funds,
            balances.reduce((s, b) => s + b, 0),
          ),
        );
        for (const a of allocation) {
          expect(a.amount).toBeGreaterThanOrEqual(0);
          expect(a.amount).toBeLessThanOrEqual(selected.find((o) => o.orderId === a.orderId)!.balanceDue);
        }
      }),
    );
  });
});

describe('payment status is earned (issue 23)', () => {
  it('PARTIAL while a balance remains, PAID at 0, AWAITING with nothing paid', () => {
    const at = (paid: number) => earnedPaymentStatus({ orderStatus: 'DELIVERED', total: 32_050, paid });
    expect(at(32_050)).toBe('PAID');
    expect(at(31_950)).toBe('PARTIAL');
    expect(at(1)).toBe('PARTIAL');
    expect(at(0)).toBe('AWAITING');
  });

  it('a draft, a cancelled and a refunded order take the order status, whatever is paid', () => {
    for (const orderStatus of ['DRAFT', 'CANCELLED', 'REFUNDED'] as const)
      for (const paid of [0, 100, 32_050])
        expect(earnedPaymentStatus({ orderStatus, total: 32_050, paid })).toBe(orderStatus);
  });

  it('PENDING is never earned; an order of $0 owes nothing and is PAID', () => {
    expect(earnedPaymentStatus({ orderStatus: 'RECEIVED', total: 0, paid: 0 })).toBe('PAID');
    fc.assert(
      fc.property(
        fc.constantFrom('RECEIVED', 'FULFILLMENT', 'PACKED', 'DELIVERED', 'COMPLETED'),
        fc.nat(100_000),
        fc.nat(100_000),
        (orderStatus, total, paid) =>
          earnedPaymentStatus({ orderStatus, total, paid: Math.min(paid, total) }) !== 'PENDING',
      ),
    );
  });

  it('setStatus may name only the payment status the order earns after the change', () => {
    const order = { orderStatus: 'DELIVERED' as const, total: 320.5, balanceDue: 120.5 };
    expect(paymentStatusRefusal(order, { orderStatus: 'COMPLETED' })).toBeUndefined();
    expect(paymentStatusRefusal(order, { paymentStatus: 'PARTIAL' })).toBeUndefined();
    expect(paymentStatusRefusal(order, { paymentStatus: 'PAID' })).toBe(
      "An order's payment status follows its payments: record, edit or void a payment to change it",
    );
    expect(paymentStatusRefusal(order, { orderStatus: 'CANCELLED', paymentStatus: 'CANCELLED' })).toBeUndefined();
    expect(paymentStatusRefusal(order, { orderStatus: 'CANCELLED', paymentStatus: 'PARTIAL' })).toBeDefined();
  });
});

describe('paymentEffects: recording and editing', () => {
  const orders = [order('o1', 32_050), order('o2', 20_000), order('o3', 9_000)];
  /** $500 + $20 credit: o1 paid in full, o2 $150, $49.50 to credit. */
  const payment: PaymentEffect = {
    applied: [
      { orderId: 'o1', amount: 32_050 },
      { orderId: 'o2', amount: 15_000 },
    ],
    creditDeducted: 2_000,
    creditAdded: 4_950,
  };

  it('a new payment lowers the balances, sets the statuses and moves the credit', () => {
    expect(paymentEffects(orders, 3_500, NO_PAYMENT, payment)).toEqual({
      ok: true,
      orders: [
        { orderId: 'o1', total: 32_050, balanceDue: 0, orderStatus: 'DELIVERED', paymentStatus: 'PAID' },
        { orderId: 'o2', total: 20_000, balanceDue: 5_000, orderStatus: 'DELIVERED', paymentStatus: 'PARTIAL' },
      ],
      credit: 3_500 - 2_000 + 4_950,
    });
  });

  it('an edit undoes the old payment and applies the new one', () => {
    const after = paymentEffects(orders, 3_500, NO_PAYMENT, payment);
    if (!after.ok) throw new Error(after.message);
    const now = orders.map((o) => after.orders.find((a) => a.orderId === o.orderId) ?? o);
    const edited: PaymentEffect = {
      applied: [
        { orderId: 'o2', amount: 20_000 },
        { orderId: 'o3', amount: 4_000 },
      ],
      creditDeducted: 0,
      creditAdded: 26_000,
    };
    expect(paymentEffects(now, after.credit, payment, edited)).toEqual({
      ok: true,
      orders: [
        { orderId: 'o1', total: 32_050, balanceDue: 32_050, orderStatus: 'DELIVERED', paymentStatus: 'AWAITING' },
        { orderId: 'o2', total: 20_000, balanceDue: 0, orderStatus: 'DELIVERED', paymentStatus: 'PAID' },
        { orderId: 'o3', total: 9_000, balanceDue: 5_000, orderStatus: 'DELIVERED', paymentStatus: 'PARTIAL' },
      ],
      credit: 3_500 + 26_000,
    });
  });

  it('refuses to take an order below 0 or the credit below 0, a negative amount and an unknown order', () => {
    const tooMuch = { ...payment, applied: [{ orderId: 'o3', amount: 9_001 }] };
    expect(paymentEffects(orders, 3_500, NO_PAYMENT, tooMuch)).toEqual({
      ok: false,
      message: 'Payment exceeds balance due.',
      orderId: 'o3',
    });
    expect(paymentEffects(orders, 1_999, NO_PAYMENT, { ...payment, creditAdded: 0 })).toEqual({
      ok: false,
      message: 'Credit amount exceeds available credit',
    });
    const negative = { ...payment, applied: [{ orderId: 'o3', amount: -100 }] };
    expect(paymentEffects(orders, 3_500, NO_PAYMENT, negative)).toEqual({
      ok: false,
      message: 'Please enter an amount for all selected orders',
      orderId: 'o3',
    });
    const unknown = { ...payment, applied: [{ orderId: 'nope', amount: 1 }] };
    expect(paymentEffects(orders, 3_500, NO_PAYMENT, unknown)).toMatchObject({ ok: false, orderId: 'nope' });
  });

  it('refuses to reverse onto an order beyond its total (its balance was changed elsewhere)', () => {
    expect(reversePayment([order('o1', 32_050), order('o2', 20_000, 5_000)], 10_000, payment)).toMatchObject({
      ok: false,
      orderId: 'o1',
    });
  });

  it('an edit starts from the balances and credit as if the old payment had not been made', () => {
    const now = [order('o1', 32_050, 0), order('o2', 20_000, 5_000), order('o3', 9_000)];
    expect(editBaseline(now, 6_450, payment)).toEqual({
      orders: [order('o1', 32_050), order('o2', 20_000), order('o3', 9_000)],
      availableCredit: 3_500,
    });
    // The customer spent the credit this payment added: nothing is available, never below 0.
    expect(editBaseline(now, 1_000, payment).availableCredit).toBe(0);
  });

  it('reversing a payment of a since-cancelled order gives the balance back and keeps CANCELLED', () => {
    const cancelled = {
      ...order('o1', 32_050, 0),
      orderStatus: 'CANCELLED' as const,
      paymentStatus: 'CANCELLED' as const,
    };
    const reversed = reversePayment([cancelled, order('o2', 20_000, 5_000)], 10_000, payment);
    expect(reversed).toMatchObject({
      ok: true,
      orders: [
        { orderId: 'o1', balanceDue: 32_050, paymentStatus: 'CANCELLED' },
        { orderId: 'o2', balanceDue: 20_000, paymentStatus: 'AWAITING' },
      ],
      credit: 10_000 + 2_000 - 4_950,
    });
  });
});

describe('paymentOutcome: what saving will do, from the records as they are (Edit Payment, issue 23)', () => {
  const payment: PaymentEffect = {
    applied: [{ orderId: 'o1', amount: 32_050 }],
    creditDeducted: 12_918,
    creditAdded: 0,
  };
  // The payment used all $129.18 of the customer's credit: real credit now $0, o1 paid.
  const now = [order('o1', 32_050, 0), order('o2', 20_000)];

  it('an edit that changes nothing changes nothing', () => {
    expect(paymentOutcome(now, 0, payment, payment)).toEqual({ ok: true, credit: { before: 0, after: 0 }, orders: [] });
  });

  it('an edit that uses less credit shows the real credit now and after, and the statuses it moves', () => {
    const less: PaymentEffect = { applied: [{ orderId: 'o1', amount: 20_000 }], creditDeducted: 868, creditAdded: 0 };
    expect(paymentOutcome(now, 0, payment, less)).toEqual({
      ok: true,
      credit: { before: 0, after: 12_050 },
      orders: [{ orderId: 'o1', balanceBefore: 0, balanceAfter: 12_050, statusBefore: 'PAID', statusAfter: 'PARTIAL' }],
    });
  });

  it('voiding (the edit to no payment) gives back the credit and the balance', () => {
    expect(paymentOutcome(now, 0, payment, NO_PAYMENT)).toEqual({
      ok: true,
      credit: { before: 0, after: 12_918 },
      orders: [
        { orderId: 'o1', balanceBefore: 0, balanceAfter: 32_050, statusBefore: 'PAID', statusAfter: 'AWAITING' },
      ],
    });
  });

  it('refused as paymentEffects refuses it', () => {
    const spent: PaymentEffect = { applied: [], creditDeducted: 0, creditAdded: 5_000 };
    expect(paymentOutcome(now, 1_000, spent, NO_PAYMENT)).toEqual({
      ok: false,
      message: 'Credit amount exceeds available credit',
    });
  });
});

/** Orders with a balance, and a payment over some of them that validatePayment accepts. */
const scenario = fc
  .array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 8 })
  .chain((totals) =>
    fc.record({
      orders: fc.constant(totals.map((t, i) => order(`o${i}`, t))),
      credit: fc.nat(50_000),
      amount: fc.nat(300_000),
      creditShare: fc.nat(100),
      picks: fc.subarray(totals.map((_, i) => i)),
    }),
  )
  .map(({ orders, credit, amount, creditShare, picks }) => {
    const creditDeducted = Math.floor((credit * creditShare) / 100);
    const applied = balanceToSelected(
      amount + creditDeducted,
      picks.map((i) => orders[i]!),
    ).filter((a) => a.amount > 0);
    const funds = amount + creditDeducted;
    const payment: PaymentEffect = {
      applied,
      creditDeducted,
      creditAdded: funds - applied.reduce((s, a) => s + a.amount, 0),
    };
    return { orders, credit, payment };
  });

describe('properties', () => {
  it('money adds up: balances fall by what is applied, credit moves by added − deducted, nothing goes below 0', () => {
    fc.assert(
      fc.property(scenario, ({ orders, credit, payment }) => {
        const draft = {
          amount: payment.creditAdded + payment.applied.reduce((s, a) => s + a.amount, 0) - payment.creditDeducted,
          creditDeducted: payment.creditDeducted,
          availableCredit: credit,
          applied: payment.applied.map((a) => ({
            ...a,
            balanceDue: orders.find((o) => o.orderId === a.orderId)!.balanceDue,
          })),
        };
        if (draft.amount + draft.creditDeducted === 0) return;
        expect(validatePayment(draft, 'new')).toBeUndefined();
        const result = paymentEffects(orders, credit, NO_PAYMENT, payment);
        if (!result.ok) throw new Error(result.message);
        const after = new Map(result.orders.map((o) => [o.orderId, o.balanceDue]));
        const owed = (balance: (o: OrderBalance) => number) => orders.reduce((s, o) => s + balance(o), 0);
        const owedAfter = owed((o) => after.get(o.orderId) ?? o.balanceDue);
        expect(owed((o) => o.balanceDue) - owedAfter).toBe(payment.applied.reduce((s, a) => s + a.amount, 0));
        expect(result.credit).toBe(credit - payment.creditDeducted + payment.creditAdded);
        expect(result.credit).toBeGreaterThanOrEqual(0);
        for (const o of result.orders) {
          expect(o.balanceDue).toBeGreaterThanOrEqual(0);
          expect(o.paymentStatus).toBe(o.balanceDue === 0 ? 'PAID' : 'PARTIAL');
        }
      }),
    );
  });

  it('editing a payment to itself changes nothing, and reversing it restores the orders and the credit', () => {
    fc.assert(
      fc.property(scenario, ({ orders, credit, payment }) => {
        const after = paymentEffects(orders, credit, NO_PAYMENT, payment);
        if (!after.ok) throw new Error(after.message);
        const now = orders.map((o) => after.orders.find((a) => a.orderId === o.orderId) ?? o);
        const same = paymentEffects(now, after.credit, payment, payment);
        expect(same).toEqual(after);
        const back = reversePayment(now, after.credit, payment);
        if (!back.ok) throw new Error(back.message);
        expect(back.credit).toBe(credit);
        for (const o of back.orders) expect(o).toEqual(orders.find((x) => x.orderId === o.orderId));
      }),
    );
  });

  it('two payments over the same orders can never over-apply: the second is refused or fits', () => {
    fc.assert(
      fc.property(scenario, fc.nat(300_000), ({ orders, credit, payment }, second) => {
        const first = paymentEffects(orders, credit, NO_PAYMENT, payment);
        if (!first.ok) throw new Error(first.message);
        const now = orders.map((o) => first.orders.find((a) => a.orderId === o.orderId) ?? o);
        // The second was allocated against the balances before the first (a stale screen).
        const applied = balanceToSelected(second, orders).filter((a) => a.amount > 0);
        const result = paymentEffects(now, first.credit, NO_PAYMENT, { applied, creditDeducted: 0, creditAdded: 0 });
        if (!result.ok) return;
        for (const o of result.orders) expect(o.balanceDue).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('order totals and payments', () => {
  it('an order total may fall to what was paid, not below', () => {
    expect(totalBelowPaidRefusal(3_000, 3_000)).toBeUndefined();
    expect(totalBelowPaidRefusal(5_000, 0)).toBeUndefined();
    expect(totalBelowPaidRefusal(1_000, 3_000)).toBe(
      "Payments of $30.00 are applied to this order; its total ($10.00) can't go below that. Edit the payments first.",
    );
  });
});
