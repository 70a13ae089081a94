import { beforeAll, describe, expect, it } from 'vitest';
import { type Payment, type Product, toCents } from '@bo/shared';
import { addPayment, creditOf, customerWithOrders, dollarProduct, orderOf } from '../support/payments';
import { call, tokenFor } from '../support/stack';

/**
 * Payments racing each other (issue 13): 50 payments at once against the same customer's orders and credit.
 * Whatever wins, no order is over-applied, the credit never goes below 0, every balance and the credit add
 * up to the cent against the payments that were recorded, and nothing answers 500.
 */

let sales: string;
let admin: string;
let product: Product;

beforeAll(async () => {
  [sales, admin] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN')]);
  product = await dollarProduct(await tokenFor('INVENTORY'));
});

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const TODAY = new Date().toISOString().slice(0, 10);

describe('50 concurrent payments against the same orders and credit', () => {
  it('never over-applies, never takes credit below 0, and balances add up to the cent', async () => {
    const totals = [300, 200, 150];
    const { customer, orders } = await customerWithOrders(sales, product, totals, 100);
    const next = random(13);
    const bodies = Array.from({ length: 50 }, () => {
      const amount = Math.round((10 + next() * 40) * 100) / 100;
      const credit = next() < 0.4 ? Math.round((2 + next() * 10) * 100) / 100 : 0;
      const funds = amount + credit;
      const first = orders[Math.floor(next() * orders.length)]!;
      const second = orders[Math.floor(next() * orders.length)]!;
      const applied =
        second.id !== first.id && next() < 0.5
          ? [
              { orderId: first.id, amount: Math.round(funds * 50) / 100 },
              { orderId: second.id, amount: Math.round(funds * 40) / 100 },
            ]
          : [{ orderId: first.id, amount: Math.round(funds * 90) / 100 }];
      return { amount, paymentDate: TODAY, appliedPayments: applied, customerCreditDeducted: credit };
    });
    const results = await Promise.all(bodies.map((body) => addPayment(sales, customer.id, body)));

    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => ![200, 400, 409].includes(s)),
      JSON.stringify(results.map((r) => r.body)),
    ).toEqual([]);
    for (const r of results) if (r.status !== 200) expect(r.body.message).toBeTruthy();
    const won = results.filter((r) => r.status === 200).map((r) => r.body as Payment);
    expect(won.length).toBeGreaterThan(0);

    // The recorded payments are exactly the winners.
    const listed = await call<Payment[]>('GET', `/api/db/payments/getByCustomer/${customer.id}`, { token: admin });
    expect(listed.body.map((p) => p.id).sort()).toEqual(won.map((p) => p.id).sort());

    // Each order's balance is its total less what the winners applied, never below 0; statuses follow.
    for (const [i, order] of orders.entries()) {
      const applied = won
        .flatMap((p) => p.appliedPayments)
        .filter((a) => a.orderId === order.id)
        .reduce((sum, a) => sum + toCents(a.amount), 0);
      expect(applied).toBeLessThanOrEqual(toCents(totals[i]!));
      const now = await orderOf(admin, order.id);
      expect(toCents(now.balanceDue)).toBe(toCents(totals[i]!) - applied);
      expect(now.paymentStatus).toBe(applied === 0 ? 'AWAITING' : now.balanceDue === 0 ? 'PAID' : 'PARTIAL');
    }
    // The credit is what it was, less what the winners used, plus what they added; never below 0.
    const credit = toCents(await creditOf(admin, customer.id));
    const used = won.reduce((sum, p) => sum + toCents(p.customerCreditDeducted), 0);
    const added = won.reduce((sum, p) => sum + toCents(p.customerCreditAdded), 0);
    expect(credit).toBeGreaterThanOrEqual(0);
    expect(credit).toBe(toCents(100) - used + added);
    for (const p of won)
      expect(toCents(p.amount) + toCents(p.customerCreditDeducted)).toBe(
        p.appliedPayments.reduce((sum, a) => sum + toCents(a.amount), 0) + toCents(p.customerCreditAdded),
      );
  });

  it('credit-only payments racing for the same credit: at most what the credit covers wins', async () => {
    const { customer, orders } = await customerWithOrders(sales, product, [1000], 100);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        addPayment(sales, customer.id, {
          amount: 0,
          paymentDate: TODAY,
          customerCreditDeducted: 10,
          appliedPayments: [{ orderId: orders[0]!.id, amount: 10 }],
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((s) => [200, 400, 409].includes(s)),
      statuses.join(','),
    ).toBe(true);
    const won = statuses.filter((s) => s === 200).length;
    expect(won).toBeGreaterThan(0);
    expect(won).toBeLessThanOrEqual(10);
    expect(await creditOf(admin, customer.id)).toBe(100 - 10 * won);
    expect((await orderOf(admin, orders[0]!.id)).balanceDue).toBe(1000 - 10 * won);
  });
});
