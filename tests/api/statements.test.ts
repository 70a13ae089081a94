import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product, Receivables, Statement } from '@bo/shared';
import { type PaymentFail, addPayment, customerWithOrders, dollarProduct } from '../support/payments';
import { call, tokenFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * Customer statements over HTTP (issue 23, section 4): invoices and payments of the period in date order with a
 * running balance, a void payment left out, a payment to credit at $0; the closing balance is the customer's
 * receivables figure; bad ranges are 400s with a message; roles as the payments.
 */

const TODAY = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

let sales: string;
let admin: string;
let product: Product;

beforeAll(async () => {
  [sales, admin] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN')]);
  product = await dollarProduct(await tokenFor('INVENTORY'));
});

const statementOf = (customerId: string, query = '', token = sales) =>
  call<Statement & PaymentFail>('GET', `/api/db/customers/getStatement/${customerId}${query}`, { token });

describe('a statement', () => {
  it('lists the invoices and live payments with a running balance; closes at the receivables figure', async () => {
    const { customer, orders } = await customerWithOrders(sales, product, [100, 50]);
    const [o1, o2] = orders as [Order, Order];
    const pay = (body: Record<string, unknown>) =>
      addPayment(sales, customer.id, { paymentDate: TODAY, appliedPayments: [], ...body });
    expect((await pay({ amount: 60, appliedPayments: [{ orderId: o1.id, amount: 60 }] })).status).toBe(200);
    expect((await pay({ amount: 25 })).status).toBe(200);
    const wrong = await pay({ amount: 50, appliedPayments: [{ orderId: o2.id, amount: 50 }], paymentMethod: 'CHECK' });
    expect(wrong.status).toBe(200);
    const voided = await call('DELETE', `/api/db/payments/remove/${wrong.body.id}`, {
      token: admin,
      body: { reason: 'Bounced' },
    });
    expect(voided.status).toBe(200);

    const res = await statementOf(customer.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body;
    expect(s).toMatchObject({
      customerId: customer.id,
      customerName: customer.customerName,
      from: daysAgo(30),
      to: todayUtc(),
      paymentTermsDays: 30,
      openingBalance: 0,
      closingBalance: 90,
      ageing: { days0to30: 90, days31to60: 0, days61to90: 0, over90: 0 },
    });
    expect(s.lines.map((l) => [l.type, l.reference, l.amount, l.balance])).toEqual([
      ['INVOICE', o1.orderNum, 100, 100],
      ['INVOICE', o2.orderNum, 50, 150],
      ['PAYMENT', `Cash: ${o1.orderNum}`, -60, 90],
      ['PAYMENT', 'Cash: to credit', 0, 90],
    ]);
    const receivables = await call<Receivables>('GET', '/api/db/payments/receivables', { token: sales });
    expect(receivables.body.rows.find((r) => r.customerId === customer.id)?.balanceDue).toBe(s.closingBalance);

    // A period after these: it opens where this one closed, with no lines.
    const later = await statementOf(customer.id, `?from=${TODAY}&to=${todayUtc()}`);
    expect(later.body).toMatchObject({ openingBalance: 0, closingBalance: 90 });
    const before = await statementOf(customer.id, `?from=${daysAgo(60)}&to=${daysAgo(1)}`);
    expect(before.body).toMatchObject({ openingBalance: 0, lines: [], closingBalance: 0 });
  });

  it('refuses ranges it cannot answer with a 400 and a message; 404 for an unknown customer; 403 for a driver', async () => {
    const { customer } = await customerWithOrders(sales, product, [10]);
    for (const query of [
      `?from=${TODAY}&to=${daysAgo(3)}`,
      `?from=${daysAgo(500)}&to=${todayUtc()}`,
      `?from=${daysAgo(3)}&to=2999-01-01`,
      '?from=yesterday',
    ]) {
      const res = await statementOf(customer.id, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBeTruthy();
    }
    expect((await statementOf('no-such-customer')).status).toBe(404);
    expect((await statementOf(customer.id, '', await tokenFor('DRIVER'))).status).toBe(403);
    expect((await statementOf(customer.id, '', await tokenFor('PAYROLL'))).status).toBe(200);
  });
});
