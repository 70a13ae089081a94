/**
 * What sales orders refuse and withstand over the API: bad input, retried submits, other roles' changes, races and
 * size (the rest in sales-orders.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DRAFT_STATUS_REFUSAL,
  DRIVER_STATUS_REFUSAL,
  FULFILMENT_STATUS_REFUSAL,
  PAYMENT_STATUS_REFUSAL,
  type ChangeLogEntry,
  type Customer,
  type Order,
  type PendingOrderItem,
} from '@bo/shared';
import { call, tokenFor } from '../support/stack';
import { unique, newProduct, newBatch, product, type Line, submit, setUpSalesOrders } from '../support/sales-orders';

let sales: string;
let inventory: string;
let customer: Customer;
let driverId: string;

beforeAll(async () => {
  ({ sales, inventory, customer, driverId } = await setUpSalesOrders());
});

describe('bad input', () => {
  it('answers 400 with a message, never 500', async () => {
    const p = await newProduct('Delta');
    const cases: Array<[unknown, RegExp]> = [
      [{ pickupOrder: true, products: [{ productSku: p.sku, quantity: 1, unitPrice: 1 }] }, /Customer is required/],
      [{ customerID: customer.id, products: [] }, /The cart is empty/],
      [{ customerID: customer.id, products: [{ productSku: p.sku, quantity: 0, unitPrice: 1 }] }, /The cart is empty/],
      [
        { customerID: customer.id, products: [{ productSku: p.sku, quantity: -1, unitPrice: 1 }] },
        /Quantity cannot be negative/,
      ],
      [
        { customerID: customer.id, products: [{ productSku: 'NOPE-1', quantity: 1, unitPrice: 1 }] },
        /Unknown product SKU: NOPE-1/,
      ],
      [
        {
          customerID: customer.id,
          products: [{ productId: 'someone-else', productSku: p.sku, quantity: 1, unitPrice: 1 }],
        },
        /Unknown product SKU/,
      ],
      [{ customerID: 'missing', products: [{ productSku: p.sku, quantity: 1, unitPrice: 1 }] }, /Customer not found/],
      [
        { customerID: customer.id, products: [{ productSku: p.sku, quantity: 1, unitPrice: 'x' }] },
        /Unit price must be a number/,
      ],
      [
        {
          customerID: customer.id,
          products: [{ productSku: p.sku, productBatchId: 'nope', quantity: 1, unitPrice: 1 }],
        },
        /is not a batch of/,
      ],
      [
        {
          customerID: customer.id,
          orderStatus: 'SHIPPED',
          products: [{ productSku: p.sku, quantity: 1, unitPrice: 1 }],
        },
        /Order status must be one of/,
      ],
      [
        { customerID: customer.id, orderNum: 'DRAFT_x', products: [{ productSku: p.sku, quantity: 1, unitPrice: 1 }] },
        /createOrderNumber/,
      ],
      [
        { customerID: customer.id, deliveryDate: 'soon', products: [{ productSku: p.sku, quantity: 1, unitPrice: 1 }] },
        /Delivery date/,
      ],
      [
        {
          customerID: customer.id,
          pickupOrder: false,
          deliveryDriverId: 'nobody',
          products: [{ productSku: p.sku, quantity: 1, unitPrice: 1 }],
        },
        /Driver not found/,
      ],
      [
        {
          customerID: customer.id,
          packingLocationId: '999',
          products: [{ productSku: p.sku, quantity: 1, unitPrice: 1 }],
        },
        /Packing location not found/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call<{ message: string }>('POST', '/api/db/orders/new', { token: sales, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const unknown = await call('PUT', '/api/db/orders/update/nope', { token: sales, body: { notes: 'x' } });
    expect(unknown.status).toBe(404);
  });
});

describe('idempotency and drivers', () => {
  it('a retried POST with the same Idempotency-Key returns the first order and reserves once', async () => {
    const p = await newProduct('Epsilon');
    const key = `key-${unique()}`;
    const line = [{ productSku: p.sku, productBatchId: null, quantity: 2, unitPrice: 20 }];
    const [first, second] = await Promise.all([
      submit(line, {}, sales, { 'idempotency-key': key }),
      submit(line, {}, sales, { 'idempotency-key': key }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.id).toBe(first.body.id);
    expect((await product(p.id)).pendingOutboundQuantity).toBe(2);
  });

  it('an Idempotency-Key reused with a different body is refused (422) and makes nothing', async () => {
    const p = await newProduct('Epsilon two');
    const key = `key-${unique()}`;
    const line = { productSku: p.sku, productBatchId: null, quantity: 2, unitPrice: 20 };
    const first = await submit([line], { notes: 'first' }, sales, { 'idempotency-key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The same body, its keys in another order, is a retry: the first order comes back.
    const retry = await call<Order>('POST', '/api/db/orders/new', {
      token: sales,
      headers: { 'idempotency-key': key },
      body: {
        products: [{ unitPrice: 20, quantity: 2, productBatchId: null, productSku: p.sku }],
        notes: 'first',
        pickupOrder: true,
        customerID: customer.id,
      },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    for (const changed of [
      submit([{ ...line, quantity: 3 }], { notes: 'first' }, sales, { 'idempotency-key': key }),
      submit([line], { notes: 'second' }, sales, { 'idempotency-key': key }),
    ]) {
      const res = await changed;
      expect(res.status).toBe(422);
      expect((res.body as unknown as { message: string }).message).toMatch(/Idempotency-Key was already used/);
    }
    expect((await product(p.id)).pendingOutboundQuantity).toBe(2);
    // Racing with different bodies on one key: one order is made, the other is refused.
    const raceKey = `key-${unique()}`;
    const race = await Promise.all([
      submit([line], { notes: 'a' }, sales, { 'idempotency-key': raceKey }),
      submit([line], { notes: 'b' }, sales, { 'idempotency-key': raceKey }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await product(p.id)).pendingOutboundQuantity).toBe(4);
  });

  it('a driver sees and delivers only their own deliveries', async () => {
    const p = await newProduct('Zeta');
    const mine = await submit([{ productSku: p.sku, productBatchId: null, quantity: 1, unitPrice: 20 }], {
      pickupOrder: false,
      deliveryDriverId: driverId,
      deliveryDate: '2026-11-23',
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const other = await submit([{ productSku: p.sku, productBatchId: null, quantity: 1, unitPrice: 20 }]);
    // The history names the driver and the packing location, not their ids.
    const log = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/order/${mine.body.id}`, {
      token: sales,
    });
    const created = log.body.entries.flatMap((e) => e.changes);
    expect(created).toContainEqual(expect.objectContaining({ field: 'driverId', newValue: 'Dan Driver' }));
    const location = created.find((c) => c.field === 'packingLocationId');
    expect(location?.newValue).toEqual(expect.stringMatching(/[A-Za-z]/));
    const driver = await tokenFor('DRIVER');
    const list = await call<Order[]>('GET', '/api/db/orders/getMyDeliveries', { token: driver });
    expect(list.status).toBe(200);
    expect(list.body.map((o) => o.id)).toContain(mine.body.id);
    expect(list.body.every((o) => o.driverId === driverId)).toBe(true);
    expect((await call('GET', `/api/db/orders/getByID/${other.body.id}`, { token: driver })).status).toBe(404);
    expect(
      (
        await call('PUT', `/api/db/orders/setStatus/${mine.body.id}`, {
          token: driver,
          body: { orderStatus: 'CANCELLED' },
        })
      ).status,
    ).toBe(403);
    const done = await call<Order>('PUT', `/api/db/orders/setStatus/${mine.body.id}`, {
      token: driver,
      body: { orderStatus: 'DELIVERED' },
    });
    expect(done.status).toBe(200);
    expect(done.body.orderStatus).toBe('DELIVERED');
    expect((await product(p.id)).stock).toBe(49);
    const after = await call<Order[]>('GET', '/api/db/orders/getMyDeliveries', { token: driver });
    expect(after.body.map((o) => o.id)).not.toContain(mine.body.id);
    // Delivered, it is no longer an open delivery: the driver cannot set it again (rules/orders/access).
    const again = await call<{ message: string }>('PUT', `/api/db/orders/setStatus/${mine.body.id}`, {
      token: driver,
      body: { orderStatus: 'DELIVERED' },
    });
    expect(again).toMatchObject({ status: 403, body: { message: DRIVER_STATUS_REFUSAL } });
    expect(
      (await call('PUT', `/api/db/orders/update/${mine.body.id}`, { token: driver, body: { notes: 'x' } })).status,
    ).toBe(403);
  });
});

describe('inventory and statuses', () => {
  it('inventory moves an order through fulfilment, but leaves DRAFT, money states and the payment status to sales', async () => {
    const p = await newProduct('Eta');
    const line = [{ productSku: p.sku, productBatchId: null, quantity: 2, unitPrice: 20 }];
    const order = (await submit(line)).body;
    const set = (id: string, body: Record<string, unknown>, token = inventory) =>
      call<Order & { message: string }>('PUT', `/api/db/orders/setStatus/${id}`, { token, body });

    const packed = await set(order.id, { orderStatus: 'PACKED', modifiedOn: order.modifiedOn });
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    expect(packed.body).toMatchObject({ orderStatus: 'PACKED', paymentStatus: order.paymentStatus });

    expect(await set(order.id, { paymentStatus: 'PAID' })).toMatchObject({
      status: 403,
      body: { message: PAYMENT_STATUS_REFUSAL },
    });
    for (const orderStatus of ['REFUNDED', 'CANCELLED', 'COMPLETED'])
      expect(await set(order.id, { orderStatus })).toMatchObject({
        status: 403,
        body: { message: FULFILMENT_STATUS_REFUSAL },
      });
    // orders/update is sales' route: inventory cannot go around setStatus through it.
    for (const body of [{ paymentStatus: 'PAID' }, { orderStatus: 'REFUNDED' }])
      expect((await call('PUT', `/api/db/orders/update/${order.id}`, { token: inventory, body })).status).toBe(403);
    expect(await set(order.id, { orderStatus: 'DRAFT' })).toMatchObject({
      status: 403,
      body: { message: DRAFT_STATUS_REFUSAL },
    });
    const draft = (await submit(line, { orderStatus: 'DRAFT', paymentStatus: 'DRAFT' })).body;
    expect(await set(draft.id, { orderStatus: 'RECEIVED' })).toMatchObject({
      status: 403,
      body: { message: DRAFT_STATUS_REFUSAL },
    });
    // Nothing refused was written; even sales may name only the payment status the order earns (issue 23).
    expect(
      (await call<{ res: Order }>('GET', `/api/db/orders/getByID/${order.id}`, { token: sales })).body.res,
    ).toMatchObject({ orderStatus: 'PACKED', paymentStatus: order.paymentStatus });
    expect((await set(order.id, { paymentStatus: 'PAID' }, sales)).status).toBe(400);
    expect((await set(order.id, { paymentStatus: 'AWAITING' }, sales)).status).toBe(200);
    // Once sales refunds it, inventory cannot bring it back into fulfilment.
    expect((await set(order.id, { orderStatus: 'REFUNDED' }, sales)).status).toBe(200);
    expect(await set(order.id, { orderStatus: 'RECEIVED' })).toMatchObject({
      status: 403,
      body: { message: FULFILMENT_STATUS_REFUSAL },
    });
  });
});

describe('concurrency and size', () => {
  it('50 simultaneous submits on a scarce batch never sell a unit twice, and numbers are unique', async () => {
    const p = await newProduct('Scarce');
    const batch = await newBatch(p.id, 'S-1', 10, '2026-01-01');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        submit([{ productSku: p.sku, productBatchId: batch, quantity: 1, unitPrice: 20 }]),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(
      results.every((r) => r.status === 200 || r.status === 409),
      JSON.stringify(results.map((r) => r.status)),
    ).toBe(true);
    expect(ok).toHaveLength(10);
    expect(new Set(ok.map((r) => r.body.orderNum)).size).toBe(10);
    const items = await call<PendingOrderItem[]>('GET', '/api/db/orders/getPendingOrderItemsForTags', { token: sales });
    expect(items.body.filter((i) => i.productBatchId === batch).reduce((s, i) => s + i.quantity, 0)).toBe(10);
    expect((await product(p.id)).pendingOutboundQuantity).toBe(10);
  }, 60_000);

  it('an order of 210 lines over 70 products commits atomically, and fails whole when one batch is short', async () => {
    const made = await Promise.all(Array.from({ length: 70 }, (_, i) => newProduct(`Bulk ${i}`, { stock: 100 })));
    const batches: Array<[string, string]> = [];
    for (let i = 0; i < made.length; i += 10)
      batches.push(
        ...(await Promise.all(
          made
            .slice(i, i + 10)
            .flatMap((p) => [
              newBatch(p.id, `${p.sku}-1`, 5, '2026-01-01').then((id) => [p.sku, id] as [string, string]),
              newBatch(p.id, `${p.sku}-2`, 5, '2026-02-01').then((id) => [p.sku, id] as [string, string]),
            ]),
        )),
      );
    const lines: Line[] = [
      ...batches.map(([sku, id]) => ({ productSku: sku, productBatchId: id, quantity: 2, unitPrice: 20 })),
      ...made.map((p) => ({ productSku: p.sku, productBatchId: null, quantity: 1, unitPrice: 20 })),
    ];
    expect(lines).toHaveLength(210);
    // One batch asks more than it has: nothing at all is written.
    const tooMuch = lines.map((l, i) => (i === 139 ? { ...l, quantity: 6 } : l));
    const refused = await submit(tooMuch);
    expect(refused.status).toBe(409);
    expect((await product(made[0]!.id)).pendingOutboundQuantity).toBe(0);
    const res = await submit(lines);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.orderedItems).toHaveLength(210);
    const read = await call<{ res: Order }>('GET', `/api/db/orders/getByID/${res.body.id}`, { token: sales });
    expect(read.body.res.orderedItems).toHaveLength(210);
    const last = await product(made[69]!.id);
    expect(last.pendingOutboundQuantity).toBe(5);
    // Shrinking it to 20 lines deletes the stale line groups and gives the units back.
    const shrunk = await call<Order>('PUT', `/api/db/orders/update/${res.body.id}`, {
      token: sales,
      body: { orderItems: read.body.res.orderedItems.slice(0, 20) },
    });
    expect(shrunk.status).toBe(200);
    expect(
      (await call<{ res: Order }>('GET', `/api/db/orders/getByID/${res.body.id}`, { token: sales })).body.res
        .orderedItems,
    ).toHaveLength(20);
    expect((await product(made[69]!.id)).pendingOutboundQuantity).toBe(0);
  }, 120_000);
});
