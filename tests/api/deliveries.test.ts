import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DELIVERY_MESSAGES,
  type Collection,
  type CompleteStopResponse,
  type DeliveryBoard,
  type DriverDay,
  type Order,
  type OrderDeliveries,
  type Payment,
  type Product,
} from '@bo/shared';
import { dollarProduct, orderOf } from '../support/payments';
import { PNG_BASE64, TODAY, collect, deliveryCustomer, newDriver, newStop, png } from '../support/deliveries';
import { call, tokenFor } from '../support/stack';

/**
 * A driver's day over HTTP (issue 26): a five-stop day (route order, delivered with a photo and with a
 * signature, partial with stock back, nobody there then delivered, refused), money collected and confirmed,
 * the board and the order's proof; who may call what, replays, conflicts with the office, and bad input.
 * Racing collects and confirms are in deliveries-concurrency.test.ts.
 */

type Fail = { message: string };
let sales: string;
let admin: string;
let inventory: string;
let driverA: { token: string; id: string; name: string };
let driverB: { token: string; id: string; name: string };
let product: Product;

const key = () => `k-${randomUUID()}`;
const myDay = (token: string, day = TODAY) =>
  call<DriverDay & Fail>('GET', `/api/db/deliveries/myDay?day=${day}`, { token });
const complete = (token: string, order: Pick<Order, 'id' | 'modifiedOn'>, body: object, idempotencyKey?: string) =>
  call<CompleteStopResponse & Fail>('POST', `/api/db/deliveries/complete/${order.id}`, {
    token,
    body: { at: new Date().toISOString(), modifiedOn: order.modifiedOn, ...body },
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  });
const productOf = async (id: string) =>
  (await call<Product>('GET', `/api/db/products/getByID/${id}`, { token: admin })).body;
const byOrder = (token: string, orderId: string) =>
  call<OrderDeliveries & Fail>('GET', `/api/db/deliveries/getByOrder/${orderId}`, { token });

beforeAll(async () => {
  [sales, admin, inventory] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN'), tokenFor('INVENTORY')]);
  [driverA, driverB] = await Promise.all([newDriver('Alma Driver'), newDriver('Bert Driver')]);
  product = await dollarProduct(inventory);
}, 60_000);

describe('who may call what', () => {
  it('SALES may not load a day or complete a stop; a DRIVER may not read the board or confirm', async () => {
    expect((await call('GET', '/api/db/deliveries/myDay', { token: sales })).status).toBe(403);
    const customer = await deliveryCustomer(sales);
    const stop = await newStop(sales, customer, product, driverA.id);
    const asSales = await complete(sales, stop, { outcome: 'REFUSED', reason: 'x' });
    expect(asSales.status).toBe(403);
    expect((await call('GET', '/api/db/deliveries/board', { token: driverA.token })).status).toBe(403);
    expect((await call('POST', `/api/db/deliveries/confirmCollection/x`, { token: driverA.token })).status).toBe(403);
    expect((await call('GET', '/api/db/deliveries/collections', { token: driverA.token })).status).toBe(403);
  });

  it('the demo driver signs in to a day of stops with addresses and phones', async () => {
    const res = await myDay(await tokenFor('DRIVER'));
    expect(res.status).toBe(200);
    expect(res.body.stops.length).toBeGreaterThanOrEqual(4);
    expect(res.body.stops.filter((s) => s.customer.address && s.customer.contactPhone).length).toBeGreaterThanOrEqual(
      4,
    );
  });

  it('an ADMIN with no stops gets an empty day', async () => {
    const res = await myDay(admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ day: TODAY, stops: [], collections: [], summary: { cash: 0, remaining: 0 } });
  });

  it("driver B can't complete, collect on or read driver A's stop, nor replay A's key", async () => {
    const customer = await deliveryCustomer(sales);
    const stop = await newStop(sales, customer, product, driverA.id, [5]);
    const k = key();
    const first = await complete(driverA.token, stop, { outcome: 'NOBODY_THERE', reason: 'Closed' }, k);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replayedByB = await complete(driverB.token, stop, { outcome: 'NOBODY_THERE', reason: 'Closed' }, k);
    expect(replayedByB).toMatchObject({ status: 403, body: { message: DELIVERY_MESSAGES.notYourStop } });
    const other = await complete(driverB.token, stop, { outcome: 'REFUSED', reason: 'x' });
    expect(other).toMatchObject({ status: 403, body: { message: DELIVERY_MESSAGES.notYourStop } });
    const money = await collect(driverB.token, stop.id, { method: 'CASH', amount: 1, at: new Date().toISOString() });
    expect(money.status).toBe(403);
    expect((await byOrder(driverB.token, stop.id)).status).toBe(403);
    expect((await byOrder(driverA.token, stop.id)).status).toBe(200);
    const route = await call<Fail>('PUT', '/api/db/deliveries/setRouteOrder', {
      token: driverB.token,
      body: { day: TODAY, orderIds: [stop.id] },
    });
    expect(route.status).toBe(403);
    expect(route.body.message).toContain(stop.id);
  });
});

describe('a five-stop day', () => {
  it('reorders, delivers with proof, takes exceptions and money, and sums the day', async () => {
    const driver = await newDriver('Dana Day');
    const [p, other] = await Promise.all([dollarProduct(inventory), dollarProduct(inventory)]);
    const [c1, c2] = await Promise.all([deliveryCustomer(sales), deliveryCustomer(sales)]);
    const s1 = await newStop(sales, c1, p, driver.id, [40]);
    const s2 = await newStop(sales, c2, p, driver.id, [25]);
    const s3 = await newStop(sales, c1, p, driver.id, [5, [other, 3]]);
    const s4 = await newStop(sales, c2, p, driver.id, [7]);
    const s5 = await newStop(sales, c1, p, driver.id, [9]);
    const stockBefore = await productOf(p.id);

    // The day as loaded: five stops, each with its customer's address and contact, lines and amount due.
    const loaded = await myDay(driver.token);
    expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
    expect(loaded.body.stops).toHaveLength(5);
    const first = loaded.body.stops.find((s) => s.orderId === s3.id)!;
    expect(first).toMatchObject({
      orderNum: s3.orderNum,
      state: 'TODO',
      units: 8,
      amountDue: 8,
      notes: 'Ring twice',
      customer: { customerId: c1.id, address: '12 Harbor Rd, Oakland, CA 94607', contactPhone: '(555) 010-2020' },
    });
    expect(first.lines.map((l) => [l.sku, l.quantity])).toEqual([
      [p.sku, 5],
      [other.sku, 3],
    ]);

    // Reorder: 5, 3, 1, 4, 2.
    const order = [s5, s3, s1, s4, s2].map((s) => s.id);
    const saved = await call('PUT', '/api/db/deliveries/setRouteOrder', {
      token: driver.token,
      body: { day: TODAY, orderIds: order },
    });
    expect(saved).toMatchObject({ status: 200, body: { day: TODAY, orderIds: order } });
    const reordered = await myDay(driver.token);
    expect(reordered.body.stops.map((s) => s.orderId)).toEqual(order);
    expect(reordered.body.stops.map((s) => s.position)).toEqual([1, 2, 3, 4, 5]);

    // 1: delivered with a photo; 2: with a signature.
    const d1 = await complete(driver.token, s1, { outcome: 'DELIVERED', receiverName: 'Rita', photo: png });
    expect(d1.status, JSON.stringify(d1.body)).toBe(200);
    expect(d1.body.record).toMatchObject({ outcome: 'DELIVERED', hasPhoto: true, hasSignature: false });
    expect(d1.body.stop).toMatchObject({ orderId: s1.id, state: 'DELIVERED', orderStatus: 'DELIVERED', position: 3 });
    const d2 = await complete(driver.token, s2, { outcome: 'DELIVERED', receiverName: 'Sam', signature: png });
    expect(d2.status, JSON.stringify(d2.body)).toBe(200);
    expect(d2.body.record).toMatchObject({ hasPhoto: false, hasSignature: true });

    // 3: partial — 2 of the first line's 5 units back to stock through a return.
    const line = first.lines[0]!;
    const d3 = await complete(driver.token, s3, {
      outcome: 'PARTIAL',
      receiverName: 'Rita',
      photo: png,
      reason: 'Shelf full',
      notDelivered: [{ lineId: line.lineId, quantity: 2 }],
    });
    expect(d3.status, JSON.stringify(d3.body)).toBe(200);
    expect(d3.body.record.notDelivered).toEqual([{ lineId: line.lineId, sku: p.sku, name: line.name, quantity: 2 }]);
    expect(d3.body.stop.state).toBe('PARTIAL');
    // The return is made from the stream (the delivery-returns consumer), moments after the answer.
    const returnId = await vi.waitFor(
      async () => {
        const found = (await byOrder(admin, s3.id)).body.records.find((r) => r.id === d3.body.record.id)?.returnId;
        if (!found) throw new Error('no return yet');
        return found;
      },
      { timeout: 60_000, interval: 250 },
    );
    const credited = (await myDay(driver.token)).body.stops.find((s) => s.orderId === s3.id);
    expect(credited).toMatchObject({ state: 'PARTIAL', amountDue: 6 });
    const returned = await call<{ reason: string }>('GET', `/api/db/returns/getById/${returnId}`, {
      token: admin,
    });
    expect(returned.body.reason).toBe('Not delivered: Shelf full');

    // 4: nobody there, then delivered later; 5: refused.
    const d4a = await complete(driver.token, s4, {
      outcome: 'NOBODY_THERE',
      reason: 'Closed',
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(d4a.body.stop).toMatchObject({ state: 'NOBODY_THERE', orderStatus: s4.orderStatus });
    const d4 = await complete(driver.token, s4, { outcome: 'DELIVERED', receiverName: 'Ann', photo: png });
    expect(d4.body.stop.state).toBe('DELIVERED');
    const d5 = await complete(driver.token, s5, { outcome: 'REFUSED', reason: 'Wrong product' });
    expect(d5.body.stop).toMatchObject({ state: 'REFUSED', orderStatus: s5.orderStatus });

    // Stock: 40 + 25 + 5 + 7 consumed by the deliveries, 2 back from the partial; 9 still held by stop 5.
    const stockAfter = await productOf(p.id);
    expect(stockAfter.stock).toBe(stockBefore.stock - 40 - 25 - 5 - 7 + 2);
    expect(stockAfter.pendingOutboundQuantity).toBe(stockBefore.pendingOutboundQuantity - 40 - 25 - 5 - 7);

    // Money at the door: cash on stop 1, a check on stop 2.
    const cash = await collect(
      driver.token,
      s1.id,
      { method: 'CASH', amount: 30, at: new Date().toISOString() },
      key(),
    );
    expect(cash.status, JSON.stringify(cash.body)).toBe(200);
    expect(cash.body).toMatchObject({ status: 'PENDING', amount: 30, balanceAtCollection: 40, day: TODAY });
    const check = await collect(
      driver.token,
      s2.id,
      { method: 'CHECK', amount: 25, checkNumber: '1187', at: new Date().toISOString() },
      key(),
    );
    expect(check.status, JSON.stringify(check.body)).toBe(200);

    const day = await myDay(driver.token);
    expect(day.body.stops.map((s) => s.state)).toEqual(['REFUSED', 'PARTIAL', 'DELIVERED', 'DELIVERED', 'DELIVERED']);
    expect(day.body.collections.map((c) => c.id).sort()).toEqual([cash.body.id, check.body.id].sort());
    expect(day.body.summary).toEqual({
      cash: 30,
      checks: [{ orderNum: s2.orderNum, customerName: c2.customerName, checkNumber: '1187', amount: 25 }],
      checksTotal: 25,
      pending: 2,
      delivered: 4,
      exceptions: 1,
      remaining: 0,
    });

    // The office's board: the driver's stops in route order with their state.
    const board = await call<DeliveryBoard>('GET', `/api/db/deliveries/board?day=${TODAY}`, { token: inventory });
    expect(board.status).toBe(200);
    const row = board.body.drivers.find((d) => d.driverId === driver.id)!;
    expect(row).toMatchObject({ name: 'Dana Day', cash: 30, checksTotal: 25, pendingCollections: 2 });
    expect(row.stops.map((s) => [s.orderId, s.state])).toEqual([
      [s5.id, 'REFUSED'],
      [s3.id, 'PARTIAL'],
      [s1.id, 'DELIVERED'],
      [s4.id, 'DELIVERED'],
      [s2.id, 'DELIVERED'],
    ]);
    expect(row.stops[0]!.reason).toBe('Wrong product');

    // The order page: the proof as a short link that serves the image.
    const proof = await byOrder(sales, s1.id);
    expect(proof.status).toBe(200);
    expect(proof.body.records).toHaveLength(1);
    expect(proof.body.collections.map((c) => c.id)).toEqual([cash.body.id]);
    const image = await fetch(proof.body.records[0]!.photoUrl!);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(PNG_BASE64);
    expect((await byOrder(driver.token, s4.id)).body.records.map((r) => r.outcome)).toEqual([
      'NOBODY_THERE',
      'DELIVERED',
    ]);

    // The office confirms the cash: a payment for the order, its balance down by 30; rejects the check.
    const pending = await call<Collection[]>('GET', `/api/db/deliveries/collections?day=${TODAY}`, { token: sales });
    expect(pending.body.map((c) => c.id)).toEqual(expect.arrayContaining([cash.body.id, check.body.id]));
    const confirmed = await call<Collection & Fail>('POST', `/api/db/deliveries/confirmCollection/${cash.body.id}`, {
      token: sales,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'CONFIRMED', decidedAt: expect.any(String) });
    const payments = await call<Payment[]>('GET', `/api/db/payments/getByOrder/${s1.id}`, { token: sales });
    expect(payments.body.map((x) => x.id)).toEqual([confirmed.body.paymentId]);
    expect(payments.body[0]).toMatchObject({ amount: 30, paymentMethod: 'CASH', paymentDate: TODAY });
    expect(payments.body[0]!.notes).toBe('Collected by Dana Day');
    expect((await orderOf(admin, s1.id)).balanceDue).toBe(10);
    const again = await call<Fail>('POST', `/api/db/deliveries/confirmCollection/${cash.body.id}`, { token: sales });
    expect(again).toMatchObject({ status: 409, body: { message: 'This collection was confirmed already' } });
    expect((await call<Payment[]>('GET', `/api/db/payments/getByOrder/${s1.id}`, { token: sales })).body).toHaveLength(
      1,
    );

    const rejected = await call<Collection>('POST', `/api/db/deliveries/rejectCollection/${check.body.id}`, {
      token: admin,
      body: { reason: 'Check unsigned' },
    });
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejectReason: 'Check unsigned' });
    const rejectedList = await call<Collection[]>('GET', '/api/db/deliveries/collections?status=REJECTED', {
      token: sales,
    });
    expect(rejectedList.body.map((c) => c.id)).toContain(check.body.id);
    expect((await myDay(driver.token)).body.summary).toMatchObject({ cash: 30, checksTotal: 0, pending: 0 });
  }, 90_000);
});

describe('replays and conflicts', () => {
  it('a replayed complete or collect answers the same ids and writes nothing more; another body is a 422', async () => {
    const customer = await deliveryCustomer(sales);
    const stop = await newStop(sales, customer, product, driverA.id, [20]);
    const k = key();
    const body = { outcome: 'DELIVERED', receiverName: 'Rita', photo: png, at: '2026-11-27T10:00:00.000Z' };
    const first = await complete(driverA.token, stop, body, k);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replay = await complete(driverA.token, stop, body, k);
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.record.id).toBe(first.body.record.id);
    const changed = await complete(driverA.token, stop, { ...body, receiverName: 'Other' }, k);
    expect(changed.status).toBe(422);
    expect((await byOrder(admin, stop.id)).body.records).toHaveLength(1);

    const ck = key();
    const money = { method: 'CASH', amount: 5, at: '2026-11-27T10:05:00.000Z' };
    const c1 = await collect(driverA.token, stop.id, money, ck);
    const c2 = await collect(driverA.token, stop.id, money, ck);
    expect(c1.status, JSON.stringify(c1.body)).toBe(200);
    expect(c2.body.id).toBe(c1.body.id);
    expect((await collect(driverA.token, stop.id, { ...money, amount: 6 }, ck)).status).toBe(422);
    expect((await byOrder(admin, stop.id)).body.collections).toHaveLength(1);
  });

  it('an order changed or cancelled in the office since the driver loaded it is a 409 with the reason', async () => {
    const customer = await deliveryCustomer(sales);
    const [changed, cancelled] = [
      await newStop(sales, customer, product, driverA.id, [3]),
      await newStop(sales, customer, product, driverA.id, [4]),
    ];
    const edit = await call('PUT', `/api/db/orders/update/${changed.id}`, { token: sales, body: { notes: 'Moved' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const late = await complete(driverA.token, changed, { outcome: 'DELIVERED', receiverName: 'R', photo: png });
    expect(late).toMatchObject({
      status: 409,
      body: { message: `Order ${changed.orderNum} was changed in the office after you loaded it; reload it` },
    });
    const cancel = await call('PUT', `/api/db/orders/setStatus/${cancelled.id}`, {
      token: sales,
      body: { orderStatus: 'CANCELLED' },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const gone = await complete(driverA.token, cancelled, { outcome: 'REFUSED', reason: 'x' });
    expect(gone).toMatchObject({
      status: 409,
      body: { message: `Order ${cancelled.orderNum} was cancelled in the office` },
    });
  });
});

describe('bad input', () => {
  it('refuses proof that is not an image, a partial of unknown lines, and amounts over the balance', async () => {
    const customer = await deliveryCustomer(sales);
    const stop = await newStop(sales, customer, product, driverA.id, [12]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64');
    const notImage = await complete(driverA.token, stop, {
      outcome: 'DELIVERED',
      receiverName: 'R',
      photo: { contentType: 'image/png', data: svg },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toContain(DELIVERY_MESSAGES.notAnImage);
    // JPEG bytes declared a PNG: the bytes decide.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]).toString('base64');
    const mislabelled = await complete(driverA.token, stop, {
      outcome: 'DELIVERED',
      receiverName: 'R',
      photo: { contentType: 'image/png', data: jpeg },
    });
    expect(mislabelled).toMatchObject({ status: 400, body: { message: DELIVERY_MESSAGES.notAnImage } });
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const sig = await complete(driverA.token, stop, {
      outcome: 'DELIVERED',
      receiverName: 'R',
      signature: { contentType: 'image/png', data: html },
    });
    expect(sig.status).toBe(400);
    const svgType = await complete(driverA.token, stop, {
      outcome: 'DELIVERED',
      receiverName: 'R',
      photo: { contentType: 'image/svg+xml', data: svg },
    });
    expect(svgType.status).toBe(400);
    const partial = await complete(driverA.token, stop, {
      outcome: 'PARTIAL',
      receiverName: 'R',
      photo: png,
      reason: 'x',
      notDelivered: [{ lineId: 'nope', quantity: 1 }],
    });
    expect(partial).toMatchObject({ status: 400, body: { message: 'Line nope is not on this order' } });
    const over = await collect(driverA.token, stop.id, { method: 'CASH', amount: 12.01, at: new Date().toISOString() });
    expect(over).toMatchObject({ status: 400, body: { message: 'The amount is more than the balance of $12.00' } });
    const noCheck = await collect(driverA.token, stop.id, { method: 'CHECK', amount: 1, at: new Date().toISOString() });
    expect(noCheck).toMatchObject({ status: 400 });
    expect(
      (await collect(driverA.token, 'no-such-order', { method: 'CASH', amount: 1, at: new Date().toISOString() }))
        .status,
    ).toBe(404);
    expect((await call('POST', '/api/db/deliveries/confirmCollection/nope', { token: sales })).status).toBe(404);
    // Nothing was recorded by any of them.
    expect((await byOrder(admin, stop.id)).body).toEqual({ records: [], collections: [] });
  });
});
