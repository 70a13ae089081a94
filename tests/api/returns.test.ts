import { beforeAll, describe, expect, it } from 'vitest';
import {
  RETURNED_ORDER_REFUSAL,
  RETURN_BODY_MESSAGES,
  RETURN_MESSAGES,
  type Brand,
  type ChangeLogEntry,
  type Customer,
  type Order,
  type Product,
  type Receivables,
  type Return,
  type Statement,
} from '@bo/shared';
import { type PaymentFail, addPayment, creditOf, orderOf } from '../support/payments';
import { call, tokenFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * Returns and credit notes over HTTP (issue 23, section 3): lines priced as sold with the discount shared pro rata,
 * restocked units back into the batches they left, the order's balance, the customer's credit and statement, roles,
 * idempotency, bad input as 400s, and 20 returns of one order at once never returning a unit twice.
 */

const unique = () => Math.random().toString(36).slice(2, 10);
const TODAY = new Date().toISOString().slice(0, 10);
type Fail = PaymentFail;

let sales: string;
let admin: string;
let inventory: string;
let driver: string;
let purchasing: string;
let brand: Brand;
let typeId: string;

beforeAll(async () => {
  [sales, admin, inventory, driver, purchasing] = await Promise.all([
    tokenFor('SALES'),
    tokenFor('ADMIN'),
    tokenFor('INVENTORY'),
    tokenFor('DRIVER'),
    tokenFor('PURCHASING'),
  ]);
  brand = (
    await call<Brand>('POST', '/api/db/brands/addNew', {
      token: inventory,
      body: { name: `Return Farms ${unique()}`, skucode: `R${unique().slice(0, 5)}` },
    })
  ).body;
  typeId = (
    await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
      token: inventory,
      body: { name: `Return type ${unique()}` },
    })
  ).body.id;
});

async function newProduct(body: Record<string, unknown>): Promise<Product> {
  const res = await call<Product>('POST', '/api/db/products/addNew', {
    token: inventory,
    body: { name: `Returnable ${unique()}`, brandID: brand.id, typeID: typeId, basePrice: 20, cost: 8, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function newBatch(productId: string, batchNumber: string, quantity: number, receivedOn: string) {
  const res = await call<{ id: string }>('POST', `/api/db/products/addBatch/${productId}`, {
    token: inventory,
    body: { batchNumber, receivedOn, isCheckedIn: true, initialQuantity: quantity },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const productOf = async (id: string) =>
  (await call<Product>('GET', `/api/db/products/getByID/${id}`, { token: admin })).body;
const remainingOf = (p: Product, batchId: string) => p.orderBatches!.find((b) => b.id === batchId)!.remainingQuantity;

const newCustomer = async () =>
  (
    await call<Customer>('POST', '/api/db/customers/addNew', {
      token: sales,
      body: { customerName: `Returner ${unique()}` },
    })
  ).body;

type Line = { productSku: string; productBatchId: string | null; quantity: number; unitPrice: number };

/** A delivered order of these lines for the customer. */
async function deliveredOrder(customerId: string, products: Line[], dollarAdjustment = 0): Promise<Order> {
  const res = await call<Order>('POST', '/api/db/orders/new', {
    token: sales,
    body: { customerID: customerId, pickupOrder: true, products, dollarAdjustment },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const delivered = await call<Order>('PUT', `/api/db/orders/update/${res.body.id}`, {
    token: sales,
    body: { orderStatus: 'DELIVERED' },
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  return delivered.body;
}

const makeReturn = (body: unknown, token = sales, headers?: Record<string, string>) =>
  call<Return & Fail>('POST', '/api/db/returns/new', { token, body, ...(headers ? { headers } : {}) });

describe('returns of a delivered order', () => {
  let a: Product;
  let b: Product;
  let older: string;
  let newer: string;
  let customer: Customer;
  let order: Order;

  beforeAll(async () => {
    a = await newProduct({ stock: 40, hasBatch: true });
    b = await newProduct({ stock: 40 });
    older = await newBatch(a.id, 'RA-1', 10, '2026-01-01');
    newer = await newBatch(a.id, 'RA-2', 10, '2026-02-01');
    customer = await newCustomer();
    // 4 × $18 from RA-1, 2 × $18 from RA-2, 3 × $12.50: subtotal $145.50, $10 off, total $135.50.
    order = await deliveredOrder(
      customer.id,
      [
        { productSku: a.sku, productBatchId: older, quantity: 4, unitPrice: 18 },
        { productSku: a.sku, productBatchId: newer, quantity: 2, unitPrice: 18 },
        { productSku: b.sku, productBatchId: null, quantity: 3, unitPrice: 12.5 },
      ],
      10,
    );
    expect(order).toMatchObject({ total: 135.5, balanceDue: 135.5, orderStatus: 'DELIVERED' });
  });

  it('refuses bad input with 400s and a message, and writes nothing', async () => {
    const line = { productSku: b.sku, quantity: 1, disposition: 'RESTOCK' };
    const base = { orderId: order.id, reason: 'Damaged', lines: [line], settlement: 'CREDIT' };
    const cases: Array<[unknown, string]> = [
      [{ ...base, lines: [{ ...line, productSku: 'NOPE-1' }] }, RETURN_MESSAGES.unknownSku('NOPE-1')],
      [{ ...base, lines: [{ ...line, quantity: 4 }] }, RETURN_MESSAGES.tooMany(b.sku, 3)],
      [{ ...base, lines: [line, line] }, RETURN_MESSAGES.duplicateSku(b.sku)],
      [{ ...base, lines: [{ ...line, quantity: -1 }] }, 'Quantity must be at least 1'],
      [{ ...base, lines: [{ ...line, quantity: 1.5 }] }, 'Must be a whole number'],
      [{ ...base, lines: [] }, 'Choose at least one line to return'],
      [{ ...base, reason: '  ' }, RETURN_BODY_MESSAGES.reasonRequired],
      [{ ...base, settlement: 'REFUND' }, RETURN_BODY_MESSAGES.refundMethod],
      [{ ...base, settlement: 'CASHBACK' }, 'Settlement'],
      [{ ...base, lines: [{ ...line, disposition: 'BIN' }] }, RETURN_BODY_MESSAGES.disposition],
    ];
    for (const [body, message] of cases) {
      const res = await makeReturn(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message.slice(0, 40));
    }
    expect((await makeReturn({ ...base, orderId: 'no-such-order' })).status).toBe(404);
    const open = await call<Order>('POST', '/api/db/orders/new', {
      token: sales,
      body: {
        customerID: customer.id,
        pickupOrder: true,
        products: [{ productSku: b.sku, productBatchId: null, quantity: 1, unitPrice: 12.5 }],
      },
    });
    const notYet = await makeReturn({ ...base, orderId: open.body.id });
    expect(notYet).toMatchObject({ status: 400, body: { message: RETURN_MESSAGES.notReturnable('RECEIVED') } });
    expect(await orderOf(admin, order.id)).toMatchObject({ balanceDue: 135.5 });
    expect((await productOf(b.id)).stock).toBe(37);
  });

  it('lets SALES and ADMIN make returns; INVENTORY, PURCHASING and DRIVER may not', async () => {
    const body = { orderId: order.id, reason: 'x', lines: [{ productSku: b.sku, quantity: 1 }], settlement: 'CREDIT' };
    for (const token of [inventory, purchasing, driver]) expect((await makeReturn(body, token)).status).toBe(403);
    expect((await call('GET', `/api/db/returns/getByOrder/${order.id}`, { token: driver })).status).toBe(403);
    expect((await call('GET', '/api/db/returns/getAll', { token: purchasing })).status).toBe(403);
  });

  it('credits a return of an unpaid order against what it owes, priced as sold less its share of the discount', async () => {
    const res = await makeReturn({
      orderId: order.orderNum,
      reason: 'Crushed box',
      lines: [{ productSku: b.sku, quantity: 1, disposition: 'RESTOCK' }],
      settlement: 'CREDIT',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // $12.50 less 12.50 / 145.50 of $10.00: $11.64, all of it off the order's balance.
    expect(res.body).toMatchObject({ amount: 11.64, appliedToOrder: 11.64, toCredit: 0, refunded: 0, units: 1 });
    expect(res.body.creditNoteNum).toMatch(/^CN-\d{5}$/);
    expect(await orderOf(admin, order.id)).toMatchObject({
      balanceDue: 123.86,
      paymentStatus: 'AWAITING',
      returns: { count: 1, units: 1, amount: 11.64, credited: 11.64 },
    });
    expect((await productOf(b.id)).stock).toBe(38);
    expect(await creditOf(admin, customer.id)).toBe(0);
    // Receivables count the order net of its credit note (beside the $12.50 order left open above).
    const receivables = await call<Receivables>('GET', '/api/db/payments/receivables', { token: sales });
    expect(receivables.body.rows.find((r) => r.customerId === customer.id)?.balanceDue).toBe(136.36);
  });

  it('after full payment, refunds a return by a method and puts restocked units back into the batches they left', async () => {
    const paid = await addPayment(sales, customer.id, {
      amount: 123.86,
      paymentDate: TODAY,
      appliedPayments: [{ orderId: order.id, amount: 123.86 }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const before = await productOf(a.id);
    const body = {
      orderId: order.id,
      reason: 'Wrong strain',
      lines: [{ productSku: a.sku, quantity: 5, disposition: 'RESTOCK' }],
      settlement: 'REFUND',
      method: 'CHECK',
    };
    const key = { 'Idempotency-Key': `ret-${unique()}` };
    const res = await makeReturn(body, sales, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Everything returned so far (1 B, 5 A = $102.50) is worth $95.46 net; less the first return's $11.64.
    expect(res.body).toMatchObject({ amount: 83.82, appliedToOrder: 0, refunded: 83.82, method: 'CHECK' });
    expect(res.body.lines[0]!.batches).toEqual([
      { batchId: older, batchNumber: 'RA-1', quantity: 4 },
      { batchId: newer, batchNumber: 'RA-2', quantity: 1 },
    ]);
    const after = await productOf(a.id);
    expect(after.stock).toBe(before.stock + 5);
    expect(remainingOf(after, older)).toBe(remainingOf(before, older) + 4);
    expect(remainingOf(after, newer)).toBe(remainingOf(before, newer) + 1);

    // A retry answers the first return and moves nothing; the key with another body is refused.
    const again = await makeReturn(body, sales, key);
    expect(again.body).toMatchObject({ id: res.body.id, creditNoteNum: res.body.creditNoteNum });
    expect((await productOf(a.id)).stock).toBe(after.stock);
    const reused = await makeReturn({ ...body, reason: 'Other' }, sales, key);
    expect(reused.status).toBe(422);
    expect(await orderOf(admin, order.id)).toMatchObject({ balanceDue: 0, paymentStatus: 'PAID' });
  });

  it('writes off a unit without restocking it, to the customer credit; the order then stays delivered or completed', async () => {
    const stock = (await productOf(a.id)).stock;
    const res = await makeReturn({
      orderId: order.id,
      reason: 'Leaking',
      lines: [{ productSku: a.sku, quantity: 1, disposition: 'WRITE_OFF' }],
      settlement: { type: 'CREDIT' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.toCredit).toBe(res.body.amount);
    expect(res.body.amount).toBeGreaterThan(16);
    expect((await productOf(a.id)).stock).toBe(stock);
    expect(await creditOf(admin, customer.id)).toBe(res.body.amount);

    const cancel = await call<Fail>('PUT', `/api/db/orders/update/${order.id}`, {
      token: sales,
      body: { orderStatus: 'CANCELLED' },
    });
    expect(cancel).toMatchObject({ status: 400, body: { message: RETURNED_ORDER_REFUSAL } });
    const completed = await call<Order>('PUT', `/api/db/orders/setStatus/${order.id}`, {
      token: sales,
      body: { orderStatus: 'COMPLETED' },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body).toMatchObject({ orderStatus: 'COMPLETED', paymentStatus: 'PAID' });

    // Only what is left may come back: 3 A and 2 B were returned.
    const tooMany = await makeReturn({
      orderId: order.id,
      reason: 'More',
      lines: [{ productSku: b.sku, quantity: 3 }],
      settlement: 'CREDIT',
    });
    expect(tooMany).toMatchObject({ status: 400, body: { message: RETURN_MESSAGES.tooMany(b.sku, 2) } });
  });

  it('reads returns by id, order, customer and range; INVENTORY sees no prices and confirms restocked units', async () => {
    const list = await call<Return[]>('GET', `/api/db/returns/getByOrder/${order.orderNum}`, { token: sales });
    expect(list.body.map((r) => r.reason)).toEqual(['Crushed box', 'Wrong strain', 'Leaking']);
    const byCustomer = await call<Return[]>('GET', `/api/db/returns/getByCustomer/${customer.id}`, { token: admin });
    expect(byCustomer.body.map((r) => r.reason)).toEqual(['Leaking', 'Wrong strain', 'Crushed box']);
    const all = await call<Return[]>('GET', `/api/db/returns/getAll?from=${TODAY}&to=${todayUtc()}`, { token: sales });
    expect(all.body.filter((r) => r.orderId === order.id)).toHaveLength(3);

    const asInventory = await call<Return>('GET', `/api/db/returns/getById/${list.body[1]!.id}`, { token: inventory });
    expect(asInventory.status).toBe(200);
    const text = JSON.stringify(asInventory.body);
    for (const field of ['"amount"', '"price"', '"value"', '"refunded"', '"toCredit"', '"appliedToOrder"'])
      expect(text).not.toContain(field);
    expect(asInventory.body.lines[0]).toMatchObject({ productSku: a.sku, quantity: 5, disposition: 'RESTOCK' });

    const confirm = (id: string, token = inventory) =>
      call<Return & Fail>('PUT', `/api/db/returns/confirmRestock/${id}`, { token, body: { note: 'On shelf B3' } });
    expect((await confirm(list.body[1]!.id, sales)).status).toBe(403);
    const confirmed = await confirm(list.body[1]!.id);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.restockConfirmed).toMatchObject({ note: 'On shelf B3' });
    expect((await confirm(list.body[1]!.id)).body.restockConfirmed?.on).toBe(confirmed.body.restockConfirmed?.on);
    expect((await confirm(list.body[2]!.id)).status).toBe(409);
    expect((await call('GET', '/api/db/returns/getById/nope', { token: sales })).status).toBe(404);
  });

  it("shows credit notes and refunds on the customer's statement, closing at the receivables figure", async () => {
    const res = await call<Statement>('GET', `/api/db/customers/getStatement/${customer.id}`, { token: sales });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const types = res.body.lines.map((l) => l.type);
    expect(types.filter((t) => t === 'CREDIT_NOTE')).toHaveLength(3);
    expect(types.filter((t) => t === 'REFUND')).toHaveLength(1);
    const refund = res.body.lines.find((l) => l.type === 'REFUND')!;
    expect(refund.amount).toBe(83.82);
    // What is left is the $12.50 order still open from the bad-input case; the returned order owes nothing.
    expect(res.body.closingBalance).toBe(12.5);
    const receivables = await call<Receivables>('GET', '/api/db/payments/receivables', { token: sales });
    expect(receivables.body.rows.find((r) => r.customerId === customer.id)?.balanceDue).toBe(12.5);
  });

  it("records returned and written-off units in the product's stock history", async () => {
    const deadline = Date.now() + 20_000;
    let entries: ChangeLogEntry[] = [];
    while (Date.now() < deadline) {
      const res = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/product/${a.id}`, {
        token: admin,
      });
      entries = res.body.entries.filter((e) => e.order?.kind === 'return');
      if (entries.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const statuses = entries.map((e) => e.order?.status).sort();
    expect(statuses).toEqual(['RETURNED', 'WRITTEN_OFF']);
    const off = entries.find((e) => e.order?.status === 'WRITTEN_OFF')!;
    const stock = off.changes.find((c) => c.field === 'stock')!;
    expect(stock.previousValue).toBe(stock.newValue);
    expect(off.notes).toContain('1 written off');
    const back = entries.find((e) => e.order?.status === 'RETURNED')!;
    const moved = back.changes.find((c) => c.field === 'stock')!;
    expect(Number(moved.newValue) - Number(moved.previousValue)).toBe(5);
  });
});

describe('20 returns of one order at once', () => {
  it('never return more than was sold: exactly the units on the order come back, once each', async () => {
    const p = await newProduct({ stock: 30 });
    const customer = await newCustomer();
    const order = await deliveredOrder(customer.id, [
      { productSku: p.sku, productBatchId: null, quantity: 10, unitPrice: 3 },
    ]);
    const stock = (await productOf(p.id)).stock;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        makeReturn({
          orderId: order.id,
          reason: `Race ${i}`,
          lines: [{ productSku: p.sku, quantity: 1, disposition: 'RESTOCK' }],
          settlement: 'CREDIT',
        }),
      ),
    );
    const made = results.filter((r) => r.status === 200);
    expect(results.every((r) => [200, 400, 409].includes(r.status))).toBe(true);
    expect(made.length).toBe(10);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body.message).toBe(RETURN_MESSAGES.tooMany(p.sku, 0));
    expect(new Set(made.map((r) => r.body.creditNoteNum)).size).toBe(10);
    expect(made.reduce((sum, r) => sum + Math.round(r.body.amount! * 100), 0)).toBe(3_000);
    expect((await productOf(p.id)).stock).toBe(stock + 10);
    expect(await orderOf(admin, order.id)).toMatchObject({
      balanceDue: 0,
      paymentStatus: 'REFUNDED',
      returns: { count: 10, units: 10, amount: 30, credited: 30 },
    });
  });
});
