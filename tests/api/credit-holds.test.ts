import { beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_TERMS_ADMIN_ONLY,
  HOLD_BLOCKS_STATUS,
  type CreditStatus,
  type Customer,
  type Order,
  type OrderSummary,
  type Product,
} from '@bo/shared';
import { type PaymentFail, addPayment, customerWithOrders, dollarProduct, orderOf } from '../support/payments';
import { call, tokenFor } from '../support/stack';

/**
 * Credit limits and holds at order entry (issue 23, section 2), over HTTP with real tokens: an ADMIN sets a
 * customer's limit and terms; a submit that takes what the customer owes over the limit is saved on hold with
 * its reason; a held order can't move past RECEIVED until an ADMIN releases it with a note; payments lower what
 * is owed; and concurrent submits can't both squeeze under the limit.
 */

const TODAY = new Date().toISOString().slice(0, 10);

let sales: string;
let admin: string;
let inventory: string;
let product: Product;

beforeAll(async () => {
  [sales, admin, inventory] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN'), tokenFor('INVENTORY')]);
  product = await dollarProduct(inventory);
});

const setTerms = (customerId: string, body: Record<string, unknown>, token = admin) =>
  call<Customer & PaymentFail>('PUT', `/api/db/customers/update/${customerId}`, { token, body });
const creditStatus = async (customerId: string) =>
  (await call<CreditStatus>('GET', `/api/db/customers/getCreditStatus/${customerId}`, { token: sales })).body;
const submit = (customerId: string, total: number, extra: Record<string, unknown> = {}) =>
  call<Order & PaymentFail>('POST', '/api/db/orders/new', {
    token: sales,
    body: {
      customerID: customerId,
      pickupOrder: true,
      products: [{ productSku: product.sku, productBatchId: null, quantity: total, unitPrice: 1 }],
      ...extra,
    },
  });
const setStatus = (id: string, body: Record<string, unknown>, token = sales) =>
  call<Order & PaymentFail>('PUT', `/api/db/orders/setStatus/${id}`, { token, body });
const release = (id: string, body: unknown, token = admin) =>
  call<Order & PaymentFail>('PUT', `/api/db/orders/releaseHold/${id}`, { token, body });

describe('credit limit and terms on the customer', () => {
  it('only an ADMIN changes them; a repeated value is accepted from anyone; 0–365 days', async () => {
    const { customer } = await customerWithOrders(sales, product, []);
    expect(customer).toMatchObject({ paymentTermsDays: 30 });
    expect(customer.creditLimit).toBeUndefined();
    expect(await setTerms(customer.id, { creditLimit: 500 }, sales)).toMatchObject({
      status: 403,
      body: { message: CREDIT_TERMS_ADMIN_ONLY },
    });
    expect((await setTerms(customer.id, { paymentTermsDays: 45 }, sales)).status).toBe(403);
    expect((await setTerms(customer.id, { paymentTermsDays: 30, notes: 'same terms' }, sales)).status).toBe(200);
    expect((await setTerms(customer.id, { paymentTermsDays: 400 })).status).toBe(400);
    expect((await setTerms(customer.id, { creditLimit: -1 })).status).toBe(400);
    const set = await setTerms(customer.id, { creditLimit: 500, paymentTermsDays: 45 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ creditLimit: 500, paymentTermsDays: 45 });
    expect((await setTerms(customer.id, { creditLimit: 500 }, sales)).status).toBe(200);
    expect(await creditStatus(customer.id)).toEqual({
      customerId: customer.id,
      creditLimit: 500,
      paymentTermsDays: 45,
      owed: 0,
    });
    const cleared = await setTerms(customer.id, { creditLimit: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.creditLimit).toBeUndefined();
  });
});

describe('holds at order entry', () => {
  it('holds the submit that goes over the limit, counts it in what is owed, and keeps it at RECEIVED until released', async () => {
    const { customer } = await customerWithOrders(sales, product, []);
    expect((await setTerms(customer.id, { creditLimit: 100 })).status).toBe(200);

    const first = await submit(customer.id, 60);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.creditHold).toBeUndefined();
    // A draft owes nothing and is never held.
    const draft = await submit(customer.id, 500, { orderStatus: 'DRAFT' });
    expect(draft.body.creditHold).toBeUndefined();

    const second = await submit(customer.id, 50);
    expect(second.status).toBe(200);
    expect(second.body.creditHold?.reason).toBe(
      'Over the credit limit: $60.00 owed + $50.00 this order is more than the $100.00 limit',
    );
    expect((await creditStatus(customer.id)).owed).toBe(110);

    // Past RECEIVED is refused, for sales and inventory alike; cancelling is not.
    for (const [body, token] of [
      [{ orderStatus: 'PACKED' }, sales],
      [{ orderStatus: 'FULFILLMENT' }, inventory],
    ] as const) {
      const refused = await setStatus(second.body.id, body, token);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(HOLD_BLOCKS_STATUS);
    }
    // Submitting straight past RECEIVED over the limit is refused too, nothing written.
    const straight = await submit(customer.id, 10, { orderStatus: 'DELIVERED' });
    expect(straight.status).toBe(400);
    expect((await creditStatus(customer.id)).owed).toBe(110);

    // Only an ADMIN releases, with a note.
    expect((await release(second.body.id, { note: 'ok' }, sales)).status).toBe(403);
    expect((await release(second.body.id, { note: ' ' })).status).toBe(400);
    const released = await release(second.body.id, { note: 'Owner called; paying Friday' });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.creditHold).toBeUndefined();
    expect(released.body.creditHoldReleased).toMatchObject({
      reason: second.body.creditHold!.reason,
      note: 'Owner called; paying Friday',
    });
    expect((await release(second.body.id, { note: 'again' })).status).toBe(409);
    expect((await setStatus(second.body.id, { orderStatus: 'PACKED' }, inventory)).status).toBe(200);

    // Payments lower what is owed; a new order then fits again.
    const paid = await addPayment(sales, customer.id, {
      amount: 60,
      paymentDate: TODAY,
      appliedPayments: [{ orderId: first.body.id, amount: 60 }],
    });
    expect(paid.status).toBe(200);
    expect((await creditStatus(customer.id)).owed).toBe(50);
    const third = await submit(customer.id, 50);
    expect(third.body.creditHold).toBeUndefined();
    expect((await creditStatus(customer.id)).owed).toBe(100);

    // A draft submitted over the limit is held at its submit.
    const loaded = await orderOf(admin, draft.body.id);
    const submitted = await call<Order>('PUT', `/api/db/orders/update/${draft.body.id}`, {
      token: sales,
      body: { orderStatus: 'RECEIVED', modifiedOn: loaded.modifiedOn },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.creditHold?.reason).toContain('Over the credit limit');
    expect((await creditStatus(customer.id)).owed).toBe(600);

    // The lists carry the hold, so the Orders page can filter held orders.
    const listed = await call<OrderSummary[]>('GET', `/api/db/orders/getByCustomer/${customer.id}`, {
      token: sales,
    });
    expect(listed.body.filter((o) => o.creditHold).map((o) => o.id)).toEqual([draft.body.id]);
  });

  it('concurrent submits cannot both squeeze under the limit', async () => {
    const { customer } = await customerWithOrders(sales, product, []);
    expect((await setTerms(customer.id, { creditLimit: 100 })).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 10 }, () => submit(customer.id, 30)));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const unheld = results.filter((r) => !r.body.creditHold);
    expect(unheld.length).toBeLessThanOrEqual(3);
    expect(unheld.length).toBeGreaterThanOrEqual(1);
    expect((await creditStatus(customer.id)).owed).toBe(300);
  });
});
