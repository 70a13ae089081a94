import { beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES,
  type ChangeLogEntry,
  type Customer,
  type Order,
  type OrderSummary,
  type Payment,
  type Product,
  type Receivables,
} from '@bo/shared';
import {
  type PaymentFail,
  addPayment,
  creditOf as _creditOf,
  customerWithOrders as _customerWithOrders,
  dollarProduct,
  orderOf as _orderOf,
} from '../support/payments';
import { call, tokenFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * Payments over HTTP with real tokens (issue 13): a split payment with credit used and a remainder to credit,
 * the orders' balances and statuses and the customer's credit following it and its edit, every message of
 * section 5 as a 400 with nothing written, idempotent retries, and the payments reads and receivables.
 * Concurrency is in payments-concurrency.test.ts.
 */

const unique = () => Math.random().toString(36).slice(2, 10);
const TODAY = new Date().toISOString().slice(0, 10);

let sales: string;
let admin: string;
let inventory: string;
let payroll: string;
let product: Product;

type Fail = PaymentFail;
const customerWithOrders = (totals: number[], credit = 0) => _customerWithOrders(sales, product, totals, credit);
const add = (customerId: string, body: unknown, headers?: Record<string, string>, token = sales) =>
  addPayment(token, customerId, body, headers);
const update = (id: string, body: unknown, token = sales) =>
  call<Payment & Fail>('POST', `/api/db/payments/update/${id}`, { token, body });
const orderOf = (id: string) => _orderOf(admin, id);
const creditOf = (id: string) => _creditOf(admin, id);

beforeAll(async () => {
  [sales, admin, inventory, payroll] = await Promise.all([
    tokenFor('SALES'),
    tokenFor('ADMIN'),
    tokenFor('INVENTORY'),
    tokenFor('PAYROLL'),
  ]);
  product = await dollarProduct(inventory);
});

describe('a split payment with credit, then its edit', () => {
  it('applies to each order, uses credit, puts the remainder to credit; the edit moves them back and on', async () => {
    const { customer, orders } = await customerWithOrders([100, 50, 200], 40);
    const [o1, o2, o3] = orders as [Order, Order, Order];
    const res = await add(customer.id, {
      customerId: customer.id,
      amount: '150.25',
      paymentDate: TODAY,
      appliedPayments: [
        { orderId: o1.id, amount: 100 },
        { orderId: o2.id, amount: 20 },
      ],
      customerCreditDeducted: 10,
      customerCreditAdded: 40.25,
      paymentMethod: 'CHECK',
      notes: 'Check #1201',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const payment = res.body;
    expect(payment).toMatchObject({
      customerId: customer.id,
      customerID: customer.id,
      customerName: customer.customerName,
      amount: 150.25,
      paymentMethod: 'CHECK',
      customerCreditDeducted: 10,
      customerCreditAdded: 40.25,
      appliedPayments: [
        { orderId: o1.id, orderNum: o1.orderNum, amount: 100 },
        { orderId: o2.id, orderNum: o2.orderNum, amount: 20 },
      ],
      orders: [
        { orderId: o1.id, amountApplied: 100 },
        { orderId: o2.id, amountApplied: 20 },
      ],
    });
    expect(await orderOf(o1.id)).toMatchObject({ balanceDue: 0, paymentStatus: 'PAID' });
    expect(await orderOf(o2.id)).toMatchObject({ balanceDue: 30, paymentStatus: 'PARTIAL' });
    expect(await orderOf(o3.id)).toMatchObject({ balanceDue: 200, paymentStatus: 'AWAITING' });
    expect(await creditOf(customer.id)).toBe(70.25); // 40 − 10 + 40.25

    const read = await call<Payment>('GET', `/api/db/payments/getById/${payment.id}`, { token: payroll });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(payment);
    const ofOrder = await call<Payment[]>('GET', `/api/db/payments/getByOrder/${o2.orderNum}`, { token: sales });
    expect(ofOrder.body.map((p) => p.id)).toEqual([payment.id]);
    const ofCustomer = await call<Payment[]>('GET', `/api/db/payments/getByCustomer/${customer.id}`, { token: sales });
    expect(ofCustomer.body.map((p) => p.id)).toEqual([payment.id]);
    const listed = await call<Payment[]>('GET', `/api/db/payments/getAll?from=${TODAY}&to=${todayUtc()}`, {
      token: admin,
    });
    expect(listed.body.map((p) => p.id)).toContain(payment.id);
    const history = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/order/${o2.id}`, {
      token: admin,
    });
    expect(history.status).toBe(200);
    expect(history.body.entries.some((e) => e.changes.some((c) => c.field === 'balanceDue'))).toBe(true);

    // Edit: o1 is dropped, o2 paid in full, o3 partly; no credit used; the remainder changes.
    const edited = await update(payment.id, {
      customerId: customer.id,
      amount: 150,
      paymentDate: TODAY,
      appliedPayments: [
        { orderId: o2.id, amount: 50 },
        { orderId: o3.id, amount: 90 },
      ],
      customerCreditDeducted: 0,
      customerCreditAdded: 10,
      paymentMethod: 'CASH',
      modifiedOn: payment.modifiedOn,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await orderOf(o1.id)).toMatchObject({ balanceDue: 100, paymentStatus: 'AWAITING' });
    expect(await orderOf(o2.id)).toMatchObject({ balanceDue: 0, paymentStatus: 'PAID' });
    expect(await orderOf(o3.id)).toMatchObject({ balanceDue: 110, paymentStatus: 'PARTIAL' });
    expect(await creditOf(customer.id)).toBe(50); // 40 + 10 added
    const ofDropped = await call<Payment[]>('GET', `/api/db/payments/getByOrder/${o1.id}`, { token: sales });
    expect(ofDropped.body).toEqual([]);

    // The edit again from the stale copy: 409, nothing changes.
    const stale = await update(payment.id, { amount: 1, paymentDate: TODAY, modifiedOn: payment.modifiedOn });
    expect(stale.status).toBe(409);
    expect(await creditOf(customer.id)).toBe(50);
  });
});

describe('order edits and payments', () => {
  it('refuses an order edit that would lower its total below what was paid to it', async () => {
    const { customer, orders } = await customerWithOrders([50]);
    const order = orders[0]!;
    expect(
      (await add(customer.id, { amount: 30, paymentDate: TODAY, appliedPayments: [{ orderId: order.id, amount: 30 }] }))
        .status,
    ).toBe(200);
    const discounted = await call<Fail>('PUT', `/api/db/orders/update/${order.id}`, {
      token: sales,
      body: { dollarAdjustment: 40 },
    });
    expect(discounted.status).toBe(400);
    expect(discounted.body.message).toBe(
      "Payments of $30.00 are applied to this order; its total ($10.00) can't go below that. Edit the payments first.",
    );
    expect(await orderOf(order.id)).toMatchObject({ total: 50, balanceDue: 20, paymentStatus: 'PARTIAL' });
    const small = await call('PUT', `/api/db/orders/update/${order.id}`, {
      token: sales,
      body: { dollarAdjustment: 20 },
    });
    expect(small.status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ total: 30, balanceDue: 0 });
  });
});

describe("the spec's messages (section 5): 400 and nothing written", () => {
  let customer: Customer;
  let o1: Order;
  let o2: Order;
  let paid: Order;
  beforeAll(async () => {
    const made = await customerWithOrders([100, 50, 30], 25);
    customer = made.customer;
    [o1, o2, paid] = made.orders as [Order, Order, Order];
    const full = await add(customer.id, {
      amount: 30,
      paymentDate: TODAY,
      appliedPayments: [{ orderId: paid.id, amount: 30 }],
    });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['amount and credit both empty', { amount: '', customerCreditDeducted: 0 }, PAYMENT_MESSAGES.amountRequired],
    [
      'a selected order at 0',
      { amount: 10, appliedPayments: [{ id: 1, amount: 0 }] },
      PAYMENT_MESSAGES.orderAmountRequired,
    ],
    [
      'applied above amount plus credit',
      {
        amount: 50,
        customerCreditDeducted: 5,
        appliedPayments: [
          { id: 1, amount: 40 },
          { id: 2, amount: 20 },
        ],
      },
      PAYMENT_MESSAGES.insufficientFunds,
    ],
    [
      'above the order balance',
      { amount: 80, appliedPayments: [{ id: 2, amount: 60 }] },
      PAYMENT_MESSAGES.exceedsBalance,
    ],
    ['a zero-balance order', { amount: 10, appliedPayments: [{ id: 3, amount: 10 }] }, PAYMENT_MESSAGES.exceedsBalance],
    ['credit above the available', { amount: 0, customerCreditDeducted: 26 }, PAYMENT_MESSAGES.creditExceedsAvailable],
    ['a wrong customerCreditAdded', { amount: 10, customerCreditAdded: 9 }, 'customerCreditAdded'],
  ];

  it.each(cases)('%s', async (_name, body, message) => {
    const ids: Record<number, string> = { 1: o1.id, 2: o2.id, 3: paid.id };
    const applied = (body.appliedPayments as Array<{ id: number; amount: number }> | undefined)?.map((a) => ({
      orderId: ids[a.id],
      amount: a.amount,
    }));
    const res = await add(customer.id, {
      paymentDate: TODAY,
      ...body,
      ...(applied ? { appliedPayments: applied } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await creditOf(customer.id)).toBe(25);
    expect((await orderOf(o1.id)).balanceDue).toBe(100);
    expect((await orderOf(o2.id)).balanceDue).toBe(50);
  });

  it("names one order's 'Insufficient remaining funds.' among the issues", async () => {
    const res = await add(customer.id, {
      amount: 50,
      paymentDate: TODAY,
      appliedPayments: [
        { orderId: o1.id, amount: 40 },
        { orderId: o2.id, amount: 20 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({
      path: 'appliedPayments.1.amount',
      message: PAYMENT_MESSAGES.insufficientRemaining,
    });
  });

  it('refuses another customer’s order, an unknown customer, more than 30 orders and a bad body', async () => {
    const other = await customerWithOrders([10]);
    const foreign = await add(customer.id, {
      amount: 10,
      paymentDate: TODAY,
      appliedPayments: [{ orderId: other.orders[0]!.id, amount: 10 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/not one of this customer's orders/);
    expect((await add('no-such-customer', { amount: 10, paymentDate: TODAY })).status).toBe(404);
    const many = Array.from({ length: 31 }, (_, i) => ({ orderId: `order-${i}`, amount: 1 }));
    const tooMany = await add(customer.id, { amount: 31, paymentDate: TODAY, appliedPayments: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain(PAYMENT_MESSAGES.tooManyOrders);
    const draft = await call<{ id: string }>('POST', '/api/db/orders/new', {
      token: sales,
      body: {
        customerID: customer.id,
        pickupOrder: true,
        orderStatus: 'DRAFT',
        paymentStatus: 'DRAFT',
        products: [{ productSku: product.sku, productBatchId: null, quantity: 10, unitPrice: 1 }],
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const onDraft = await add(customer.id, {
      amount: 10,
      paymentDate: TODAY,
      appliedPayments: [{ orderId: draft.body.id, amount: 10 }],
    });
    expect(onDraft.status).toBe(400);
    expect(onDraft.body.message).toMatch(/is draft; it can't take a payment/);
    for (const bad of [
      { amount: 'ten', paymentDate: TODAY },
      { amount: 10, paymentDate: '2026-02-30' },
      { amount: 10, paymentDate: TODAY, paymentMethod: 'IOU' },
      { amount: -5, paymentDate: TODAY },
      { amount: 10, paymentDate: TODAY, customerId: other.customer.id },
    ]) {
      const res = await add(customer.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await creditOf(customer.id)).toBe(25);
  });
});

describe('Idempotency-Key', () => {
  it('a retried POST with the same key creates one payment; the key with another body is refused', async () => {
    const { customer, orders } = await customerWithOrders([80]);
    const body = { amount: 30, paymentDate: TODAY, appliedPayments: [{ orderId: orders[0]!.id, amount: 30 }] };
    const key = { 'Idempotency-Key': `pay-${unique()}` };
    const [a, b] = await Promise.all([add(customer.id, body, key), add(customer.id, body, key)]);
    const c = await add(customer.id, body, key);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(1);
    expect((await orderOf(orders[0]!.id)).balanceDue).toBe(50);
    const payments = await call<Payment[]>('GET', `/api/db/payments/getByCustomer/${customer.id}`, { token: sales });
    expect(payments.body).toHaveLength(1);
    const reused = await add(
      customer.id,
      { ...body, amount: 31, appliedPayments: [{ orderId: orders[0]!.id, amount: 31 }] },
      key,
    );
    expect(reused.status).toBe(422);
    expect((await orderOf(orders[0]!.id)).balanceDue).toBe(50);
  });
});

describe('reads and receivables', () => {
  it('lists a customer’s open balance by age and drops what is paid', async () => {
    const { customer, orders } = await customerWithOrders([120, 30]);
    const before = await call<Receivables>('GET', '/api/db/payments/receivables', { token: payroll });
    expect(before.status).toBe(200);
    const row = before.body.rows.find((r) => r.customerId === customer.id);
    expect(row).toMatchObject({ openOrders: 2, balanceDue: 150, days0to30: 150, over90: 0, oldestOrderDate: TODAY });
    const later = await call<Receivables>('GET', `/api/db/payments/receivables?asOf=${addDays(TODAY, 45)}`, {
      token: sales,
    });
    expect(later.body.rows.find((r) => r.customerId === customer.id)).toMatchObject({ days0to30: 0, days31to60: 150 });
    const paid = await add(customer.id, {
      amount: 120,
      paymentDate: TODAY,
      appliedPayments: [{ orderId: orders[0]!.id, amount: 120 }],
    });
    expect(paid.status).toBe(200);
    const after = await call<Receivables>('GET', '/api/db/payments/receivables', { token: sales });
    expect(after.body.rows.find((r) => r.customerId === customer.id)).toMatchObject({ openOrders: 1, balanceDue: 30 });
    const sum = after.body.rows.reduce((t, r) => t + Math.round(r.balanceDue * 100), 0);
    expect(Math.round(after.body.totals.balanceDue * 100)).toBe(sum);
    const summary = await call<OrderSummary[]>('GET', `/api/db/orders/getByCustomer/${customer.id}`, { token: sales });
    expect(summary.body[0]!.brands).toHaveLength(1);
  });

  it('lets PAYROLL read but not write; INVENTORY neither', async () => {
    const { customer } = await customerWithOrders([]);
    expect((await add(customer.id, { amount: 5, paymentDate: TODAY }, undefined, payroll)).status).toBe(403);
    expect((await call('GET', '/api/db/payments/getAll', { token: inventory })).status).toBe(403);
    expect((await call('GET', '/api/db/payments/getAll', { token: payroll })).status).toBe(200);
    expect((await call('GET', '/api/db/payments/getById/nope', { token: payroll })).status).toBe(404);
    expect((await call('GET', '/api/db/payments/getByOrder/nope', { token: payroll })).status).toBe(404);
    const bad = await call<Fail>('GET', '/api/db/payments/getAll?from=2026-03-01&to=2026-01-01', { token: payroll });
    expect(bad.status).toBe(400);
  });
});

function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
