import { beforeAll, describe, expect, it } from 'vitest';
import {
  EARNED_PAYMENT_STATUS_REFUSAL,
  PAYMENT_MESSAGES,
  type ChangeLogEntry,
  type Order,
  type Payment,
  type Product,
} from '@bo/shared';
import {
  type PaymentFail,
  addPayment,
  creditOf,
  customerWithOrders,
  dollarProduct,
  orderOf,
} from '../support/payments';
import { call, tokenFor } from '../support/stack';

/**
 * Money that is earned, not typed (issue 23, section 1): an order's payment status follows its payments whatever a
 * body asks, and a wrong payment is voided by an ADMIN with a reason — its effects reversed in one transaction, the
 * record kept and marked. Races of a void and of a hand credit adjustment against payments are at the end.
 */

const TODAY = new Date().toISOString().slice(0, 10);

let sales: string;
let admin: string;
let product: Product;

beforeAll(async () => {
  [sales, admin] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN')]);
  product = await dollarProduct(await tokenFor('INVENTORY'));
});

const newOrder = (customerId: string, body: Record<string, unknown>) =>
  call<Order & PaymentFail>('POST', '/api/db/orders/new', {
    token: sales,
    body: {
      customerID: customerId,
      pickupOrder: true,
      products: [{ productSku: product.sku, productBatchId: null, quantity: 80, unitPrice: 1 }],
      ...body,
    },
  });
const update = (id: string, body: Record<string, unknown>) =>
  call<Order & PaymentFail>('PUT', `/api/db/orders/update/${id}`, { token: sales, body });
const setStatus = (id: string, body: Record<string, unknown>) =>
  call<Order & PaymentFail>('PUT', `/api/db/orders/setStatus/${id}`, { token: sales, body });
const voidPayment = (id: string, body: unknown, token = admin) =>
  call<Payment & PaymentFail>('DELETE', `/api/db/payments/remove/${id}`, { token, body });
const pay = (customerId: string, orderId: string, amount: number, extra: Record<string, unknown> = {}) =>
  addPayment(sales, customerId, {
    amount,
    paymentDate: TODAY,
    appliedPayments: [{ orderId, amount }],
    ...extra,
  });

describe('payment status is earned from the records', () => {
  it("ignores the spec body's paymentStatus on new and update; follows payments and the order's status", async () => {
    const { customer } = await customerWithOrders(sales, product, []);
    const created = await newOrder(customer.id, { orderStatus: 'COMPLETED', paymentStatus: 'PAID' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ orderStatus: 'COMPLETED', paymentStatus: 'AWAITING', balanceDue: 80 });

    const typed = await update(created.body.id, { paymentStatus: 'PAID', notes: 'typed' });
    expect(typed.status).toBe(200);
    expect(typed.body).toMatchObject({ paymentStatus: 'AWAITING', notes: 'typed' });

    expect((await pay(customer.id, created.body.id, 30)).status).toBe(200);
    expect(await orderOf(admin, created.body.id)).toMatchObject({ paymentStatus: 'PARTIAL', balanceDue: 50 });
    // Cancelled takes the order's word; back to DELIVERED it is PARTIAL again.
    const loaded = await orderOf(admin, created.body.id);
    const cancelled = await update(created.body.id, { orderStatus: 'CANCELLED', modifiedOn: loaded.modifiedOn });
    expect(cancelled.body).toMatchObject({ orderStatus: 'CANCELLED', paymentStatus: 'CANCELLED' });
    const back = await update(created.body.id, { orderStatus: 'DELIVERED', paymentStatus: 'PAID' });
    expect(back.body).toMatchObject({ orderStatus: 'DELIVERED', paymentStatus: 'PARTIAL' });

    const draft = await newOrder(customer.id, { orderStatus: 'DRAFT', paymentStatus: 'PAID' });
    expect(draft.body).toMatchObject({ orderStatus: 'DRAFT', paymentStatus: 'DRAFT' });
  });

  it('setStatus refuses a payment status the order does not earn (400, nothing written) and accepts the earned one', async () => {
    const { customer, orders } = await customerWithOrders(sales, product, [40]);
    const order = orders[0]!;
    const refused = await setStatus(order.id, { paymentStatus: 'PAID' });
    expect(refused).toMatchObject({ status: 400, body: { message: EARNED_PAYMENT_STATUS_REFUSAL } });
    const both = await setStatus(order.id, { orderStatus: 'DELIVERED', paymentStatus: 'PAID' });
    expect(both.status).toBe(400);
    expect(await orderOf(admin, order.id)).toMatchObject({ orderStatus: 'RECEIVED', paymentStatus: 'AWAITING' });
    expect((await setStatus(order.id, { orderStatus: 'DELIVERED', paymentStatus: 'AWAITING' })).status).toBe(200);
    expect((await pay(customer.id, order.id, 40)).status).toBe(200);
    expect((await setStatus(order.id, { orderStatus: 'COMPLETED', paymentStatus: 'PAID' })).body).toMatchObject({
      orderStatus: 'COMPLETED',
      paymentStatus: 'PAID',
    });
  });

  it("an order that can't be paid for by typing does not reach the owner's paid commission", async () => {
    const { customer } = await customerWithOrders(sales, product, []);
    const created = await newOrder(customer.id, { orderStatus: 'COMPLETED', paymentStatus: 'PAID' });
    expect(created.body.paymentStatus).toBe('AWAITING');
    expect(created.body.balanceDue).toBe(80);
  });
});

describe('voiding a payment (DELETE payments/remove/{id}, ADMIN)', () => {
  it('reverses its orders and credit in one go, keeps the record marked void, and logs why', async () => {
    const { customer, orders } = await customerWithOrders(sales, product, [100, 50], 20);
    const [o1, o2] = orders as [Order, Order];
    const paid = await addPayment(sales, customer.id, {
      amount: 150,
      paymentDate: TODAY,
      appliedPayments: [
        { orderId: o1.id, amount: 100 },
        { orderId: o2.id, amount: 30 },
      ],
      customerCreditDeducted: 10,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await creditOf(admin, customer.id)).toBe(20 - 10 + 30);
    const payment = paid.body;

    // Only an ADMIN voids, with a reason.
    expect((await voidPayment(payment.id, { reason: 'Bounced' }, sales)).status).toBe(403);
    const blank = await voidPayment(payment.id, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain(PAYMENT_MESSAGES.voidReasonRequired);
    expect((await voidPayment(payment.id, {})).status).toBe(400);
    expect((await voidPayment(payment.id, { reason: 'x', modifiedOn: '2020-01-01T00:00:00.000Z' })).status).toBe(409);
    expect(await orderOf(admin, o1.id)).toMatchObject({ balanceDue: 0, paymentStatus: 'PAID' });

    const voided = await voidPayment(payment.id, { reason: 'Check bounced', modifiedOn: payment.modifiedOn });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({
      id: payment.id,
      amount: 150,
      appliedPayments: payment.appliedPayments,
      voided: { reason: 'Check bounced' },
    });
    expect(await orderOf(admin, o1.id)).toMatchObject({ balanceDue: 100, paymentStatus: 'AWAITING' });
    expect(await orderOf(admin, o2.id)).toMatchObject({ balanceDue: 50, paymentStatus: 'AWAITING' });
    expect(await creditOf(admin, customer.id)).toBe(20);

    // The record stays in the customer's list, marked; the orders no longer list it.
    const listed = await call<Payment[]>('GET', `/api/db/payments/getByCustomer/${customer.id}`, { token: sales });
    expect(listed.body.find((p) => p.id === payment.id)?.voided?.reason).toBe('Check bounced');
    const ofOrder = await call<Payment[]>('GET', `/api/db/payments/getByOrder/${o1.id}`, { token: sales });
    expect(ofOrder.body).toEqual([]);
    const log = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/order/${o1.id}`, {
      token: admin,
    });
    expect(log.status).toBe(200);
    expect(log.body.entries.some((e) => e.notes?.includes('voided: Check bounced'))).toBe(true);

    // Voiding again answers it as it is; a void payment can't be edited.
    const again = await voidPayment(payment.id, { reason: 'Twice' });
    expect(again).toMatchObject({ status: 200, body: { voided: { reason: 'Check bounced' } } });
    const edit = await call<PaymentFail>('POST', `/api/db/payments/update/${payment.id}`, {
      token: sales,
      body: { amount: 5, paymentDate: TODAY },
    });
    expect(edit).toMatchObject({ status: 409, body: { message: PAYMENT_MESSAGES.alreadyVoid } });
    expect(await creditOf(admin, customer.id)).toBe(20);
    const unknown = await voidPayment('no-such-payment', { reason: 'x' });
    expect(unknown.status).toBe(404);
  });

  it('refuses (409, nothing written) when the credit the payment added was spent since', async () => {
    const { customer, orders } = await customerWithOrders(sales, product, [30]);
    const toCredit = await addPayment(sales, customer.id, { amount: 25, paymentDate: TODAY, appliedPayments: [] });
    expect(toCredit.status).toBe(200);
    const spend = await pay(customer.id, orders[0]!.id, 10, {
      amount: 0,
      customerCreditDeducted: 20,
      appliedPayments: [{ orderId: orders[0]!.id, amount: 20 }],
    });
    expect(spend.status, JSON.stringify(spend.body)).toBe(200);
    expect(await creditOf(admin, customer.id)).toBe(5);
    const refused = await voidPayment(toCredit.body.id, { reason: 'Wrong customer' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('$25.00 of credit');
    expect(await creditOf(admin, customer.id)).toBe(5);
    expect(
      (await call<Payment>('GET', `/api/db/payments/getById/${toCredit.body.id}`, { token: sales })).body.voided,
    ).toBeUndefined();
    // Void the spending first, then the credit payment: both go.
    expect((await voidPayment(spend.body.id, { reason: 'Undo' })).status).toBe(200);
    expect((await voidPayment(toCredit.body.id, { reason: 'Wrong customer' })).status).toBe(200);
    expect(await creditOf(admin, customer.id)).toBe(0);
    expect(await orderOf(admin, orders[0]!.id)).toMatchObject({ balanceDue: 30, paymentStatus: 'AWAITING' });
  });
});

describe('races', () => {
  it('a void racing new payments of the same order: every balance adds up to the live payments', async () => {
    const { customer, orders } = await customerWithOrders(sales, product, [500]);
    const order = orders[0]!;
    const first = await pay(customer.id, order.id, 100);
    expect(first.status).toBe(200);
    const results = await Promise.all([
      voidPayment(first.body.id, { reason: 'Race' }),
      ...Array.from({ length: 8 }, () => pay(customer.id, order.id, 20)),
    ]);
    for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(results[0]!.status).toBe(200);
    const live = (
      await call<Payment[]>('GET', `/api/db/payments/getByCustomer/${customer.id}`, { token: sales })
    ).body.filter((p) => !p.voided);
    const paid = live.reduce((sum, p) => sum + p.amount, 0);
    const after = await orderOf(admin, order.id);
    expect(after.balanceDue).toBeCloseTo(500 - paid, 2);
    expect(after.paymentStatus).toBe(paid === 0 ? 'AWAITING' : 'PARTIAL');
  });

  it('an ADMIN credit adjustment racing payments that use credit never loses either write', async () => {
    const { customer, orders } = await customerWithOrders(sales, product, [400], 100);
    const results = await Promise.all([
      call<PaymentFail>('PUT', `/api/db/customers/update/${customer.id}`, {
        token: admin,
        body: { creditAvailable: 250, creditNote: 'Goodwill' },
      }),
      ...Array.from({ length: 5 }, () =>
        pay(customer.id, orders[0]!.id, 0, {
          amount: 0,
          customerCreditDeducted: 10,
          appliedPayments: [{ orderId: orders[0]!.id, amount: 10 }],
        }),
      ),
    ]);
    for (const r of results) expect([200, 400, 409], JSON.stringify(r.body)).toContain(r.status);
    const adjusted = results[0]!.status === 200;
    const used = results.slice(1).filter((r) => r.status === 200).length * 10;
    const credit = await creditOf(admin, customer.id);
    const order = await orderOf(admin, orders[0]!.id);
    expect(order.balanceDue).toBe(400 - used);
    // The adjustment sets the figure it saw; payments before it were seen, payments after it spend from it.
    if (!adjusted) expect(credit).toBe(100 - used);
    else expect([250 - used, ...Array.from({ length: 6 }, (_, k) => 250 - (used - k * 10))]).toContain(credit);
    expect(credit).toBeGreaterThanOrEqual(0);
  });
});
