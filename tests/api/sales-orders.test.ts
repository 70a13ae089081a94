import { beforeAll, describe, expect, it } from 'vitest';
import {
  DRAFT_STATUS_REFUSAL,
  DRIVER_STATUS_REFUSAL,
  FULFILMENT_STATUS_REFUSAL,
  PAYMENT_STATUS_REFUSAL,
  type Brand,
  type ChangeLogEntry,
  type Customer,
  type Order,
  type OrderSummary,
  type PendingOrderItem,
  type PendingOutbound,
  type Product,
} from '@bo/shared';
import { call, tokenFor } from '../support/stack';

const unique = () => Math.random().toString(36).slice(2, 10);

let sales: string;
let admin: string;
let inventory: string;
let brand: Brand;
let typeId: string;
let customer: Customer;
let driverId: string;

async function newProduct(name: string, body: Record<string, unknown> = {}): Promise<Product> {
  const created = await call<Product>('POST', '/api/db/products/addNew', {
    token: inventory,
    body: { name, brandID: brand.id, typeID: typeId, basePrice: 20, cost: 8, stock: 50, ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body;
}

async function newBatch(
  productId: string,
  batchNumber: string,
  quantity: number,
  receivedOn: string,
  checkedIn = true,
) {
  const res = await call<{ id: string }>('POST', `/api/db/products/addBatch/${productId}`, {
    token: inventory,
    body: { batchNumber, receivedOn, isCheckedIn: checkedIn, initialQuantity: quantity },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const product = async (id: string) =>
  (await call<Product>('GET', `/api/db/products/getByID/${id}`, { token: admin })).body;
const batchOf = (p: Product, batchId: string) => p.orderBatches!.find((b) => b.id === batchId)!;

type Line = { productSku: string; productBatchId: string | null; quantity: number; unitPrice: number };

const submit = (
  products: Line[],
  extra: Record<string, unknown> = {},
  token = sales,
  headers?: Record<string, string>,
) =>
  call<Order>('POST', '/api/db/orders/new', {
    token,
    ...(headers ? { headers } : {}),
    body: { customerID: customer.id, pickupOrder: true, products, ...extra },
  });

beforeAll(async () => {
  [sales, admin, inventory] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN'), tokenFor('INVENTORY')]);
  typeId = (
    await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
      token: inventory,
      body: { name: `Order type ${unique()}` },
    })
  ).body.id;
  brand = (
    await call<Brand>('POST', '/api/db/brands/addNew', {
      token: inventory,
      body: { name: `Order Farms ${unique()}`, skucode: `O${unique().slice(0, 5)}` },
    })
  ).body;
  customer = (
    await call<Customer>('POST', '/api/db/customers/addNew', {
      token: sales,
      body: { customerName: `Buyer ${unique()}` },
    })
  ).body;
  const drivers = await call<Array<{ id: string; name: string }>>('GET', '/api/db/users/getDrivers', { token: sales });
  driverId = drivers.body.find((d) => d.name === 'Dan Driver')!.id;
});

describe('submit, reserve, deliver, cancel', () => {
  let a: Product;
  let b: Product;
  let older: string;
  let newer: string;

  beforeAll(async () => {
    a = await newProduct('Alpha');
    b = await newProduct('Beta', { hasBatch: false, basePrice: 12.5, cost: 5 });
    older = await newBatch(a.id, 'A-OLD', 10, '2026-01-05');
    newer = await newBatch(a.id, 'A-NEW', 5, '2026-03-01');
  });

  it('submits with RECEIVED / AWAITING, a number, server figures and the customer; reserves stock', async () => {
    const res = await submit(
      [
        { productSku: a.sku, productBatchId: older, quantity: 4, unitPrice: 18 },
        { productSku: a.sku, productBatchId: null, quantity: 2, unitPrice: 18 },
        { productSku: b.sku, productBatchId: null, quantity: 3, unitPrice: 12.5 },
      ],
      { dollarAdjustment: 1000, discountNotes: 'loyalty', notes: 'Back door' },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body;
    expect(order.orderStatus).toBe('RECEIVED');
    // Its discount takes the total to $0: nothing is left to pay, so it earns PAID (issue 23), not AWAITING.
    expect(order.paymentStatus).toBe('PAID');
    expect(order.orderNum).toMatch(/^\d+$/);
    expect(order.customer.customerName).toBe(customer.customerName);
    expect(order.unitQuantity).toBe(9);
    expect(order.subtotal).toBe(4 * 18 + 2 * 18 + 3 * 12.5);
    // The discount is capped at the subtotal.
    expect(order.dollarAdjustment).toBe(order.subtotal);
    expect(order.total).toBe(0);
    expect(order.cost).toBe(6 * 8 + 3 * 5);
    const line = order.orderedItems.find((l) => l.productBatchId === older)!;
    expect(line).toMatchObject({ productName: 'Alpha', productBrand: brand.name, productCost: 8, priceAdjustment: -2 });
    expect(line.productBatchNumber).toBe('A-OLD');

    const [pa, pb] = await Promise.all([product(a.id), product(b.id)]);
    expect(pa.pendingOutboundQuantity).toBe(6);
    expect(pa.stock).toBe(50);
    expect(batchOf(pa, older).remainingQuantity).toBe(10);
    expect(pb.pendingOutboundQuantity).toBe(3);

    const pending = await call<PendingOutbound[]>('GET', `/api/db/orders/getPendingOutboundStock/${a.sku}`, {
      token: sales,
    });
    expect(pending.body).toContainEqual({
      orderID: order.id,
      orderNum: order.orderNum,
      customerName: customer.customerName,
      quantity: 6,
    });
    const items = await call<PendingOrderItem[]>('GET', '/api/db/orders/getPendingOrderItemsForTags', {
      token: inventory,
    });
    expect(items.body.filter((i) => i.orderID === order.id)).toHaveLength(3);

    // Cost never leaves the API for a salesperson.
    const asSales = await call<{ res: Order }>('GET', `/api/db/orders/getByID/${order.id}`, { token: sales });
    expect(asSales.body.res.cost).toBeUndefined();
    expect(asSales.body.res.orderedItems.every((l) => l.productCost === undefined)).toBe(true);
    // By number too (the /orders/{orderNum} page).
    const byNumber = await call<{ res: Order }>('GET', `/api/db/orders/getByID/${order.orderNum}`, { token: sales });
    expect(byNumber.body.res.id).toBe(order.id);
  });

  it('refuses units another order holds with a 409 naming the batch, and writes nothing', async () => {
    // 4 of A-OLD's 10 are reserved: 6 are free.
    const res = await submit([{ productSku: a.sku, productBatchId: older, quantity: 7, unitPrice: 18 }]);
    expect(res.status).toBe(409);
    expect((res.body as unknown as { message: string }).message).toMatch(
      /batch A-OLD of .*: 6 available, 7 more needed/,
    );
    expect((await product(a.id)).pendingOutboundQuantity).toBe(6);
    const ok = await submit([{ productSku: a.sku, productBatchId: older, quantity: 6, unitPrice: 18 }]);
    expect(ok.status).toBe(200);
    expect((await product(a.id)).pendingOutboundQuantity).toBe(12);
    const none = await submit([{ productSku: a.sku, productBatchId: older, quantity: 1, unitPrice: 18 }]);
    expect(none.status).toBe(409);
    // Cancelling gives the 6 back.
    const cancelled = await call<Order>('PUT', `/api/db/orders/update/${ok.body.id}`, {
      token: sales,
      body: { orderStatus: 'CANCELLED' },
    });
    expect(cancelled.status).toBe(200);
    expect((await product(a.id)).pendingOutboundQuantity).toBe(6);
    expect(
      (
        await submit([{ productSku: a.sku, productBatchId: older, quantity: 1, unitPrice: 18 }], {
          orderStatus: 'DRAFT',
          paymentStatus: 'DRAFT',
        })
      ).status,
    ).toBe(200);
  });

  it('moves stock on DELIVERED and gives it back on REFUNDED', async () => {
    const res = await submit([
      { productSku: a.sku, productBatchId: newer, quantity: 5, unitPrice: 18 },
      { productSku: b.sku, productBatchId: null, quantity: 2, unitPrice: 12.5 },
    ]);
    expect(res.status).toBe(200);
    const before = await product(a.id);
    const delivered = await call<Order>('PUT', `/api/db/orders/update/${res.body.id}`, {
      token: sales,
      body: { orderStatus: 'DELIVERED', modifiedOn: res.body.modifiedOn },
    });
    expect(delivered.status).toBe(200);
    const after = await product(a.id);
    expect(after.stock).toBe(before.stock - 5);
    expect(after.pendingOutboundQuantity).toBe(before.pendingOutboundQuantity - 5);
    expect(batchOf(after, newer).remainingQuantity).toBe(0);
    expect(delivered.body.statusModifiedOn >= res.body.statusModifiedOn).toBe(true);

    // A stale modifiedOn is refused.
    const stale = await call('PUT', `/api/db/orders/update/${res.body.id}`, {
      token: sales,
      body: { orderStatus: 'COMPLETED', modifiedOn: res.body.modifiedOn },
    });
    expect(stale.status).toBe(409);

    const refunded = await call<Order>('PUT', `/api/db/orders/update/${res.body.id}`, {
      token: sales,
      body: { orderStatus: 'REFUNDED', paymentStatus: 'REFUNDED' },
    });
    expect(refunded.status).toBe(200);
    const back = await product(a.id);
    expect(back.stock).toBe(before.stock);
    expect(batchOf(back, newer).remainingQuantity).toBe(5);
    expect(back.pendingOutboundQuantity).toBe(before.pendingOutboundQuantity - 5);
  });
});

describe('drafts, numbers and history', () => {
  it('saves a draft with a DRAFT_ number and no stock effect; edits it to RECEIVED and back', async () => {
    const p = await newProduct('Gamma');
    const batch = await newBatch(p.id, 'G-1', 8, '2026-02-01');
    const draft = await submit([{ productSku: p.sku, productBatchId: batch, quantity: 3, unitPrice: 20 }], {
      orderStatus: 'DRAFT',
      paymentStatus: 'DRAFT',
    });
    expect(draft.status).toBe(200);
    expect(draft.body.orderNum).toMatch(/^DRAFT_/);
    expect((await product(p.id)).pendingOutboundQuantity).toBe(0);

    const received = await call<Order>('PUT', `/api/db/orders/update/${draft.body.id}`, {
      token: sales,
      body: { orderStatus: 'RECEIVED', paymentStatus: 'AWAITING', modifiedOn: draft.body.modifiedOn },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.orderNum).toMatch(/^\d+$/);
    expect((await product(p.id)).pendingOutboundQuantity).toBe(3);

    const again = await call<Order>('PUT', `/api/db/orders/update/${draft.body.id}`, {
      token: sales,
      body: { orderStatus: 'DRAFT', paymentStatus: 'DRAFT' },
    });
    expect(again.body.orderNum).toBe(draft.body.orderNum);
    expect((await product(p.id)).pendingOutboundQuantity).toBe(0);
    // The numeric number is free again, the draft number is found.
    expect((await call('GET', `/api/db/orders/getByID/${received.body.orderNum}`, { token: sales })).status).toBe(404);
    expect(
      (await call<{ res: Order }>('GET', `/api/db/orders/getByID/${draft.body.orderNum}`, { token: sales })).body.res
        .id,
    ).toBe(draft.body.id);

    // Lines change: quantity up and a new unbatched line.
    const edited = await call<Order>('PUT', `/api/db/orders/update/${draft.body.id}`, {
      token: sales,
      body: {
        orderItems: [
          { ...again.body.orderedItems[0], quantity: 5 },
          { productSku: p.sku, productBatchId: null, quantity: 1, unitPrice: 20 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.unitQuantity).toBe(6);
    expect(edited.body.orderedItems[0]!.id).toBe(again.body.orderedItems[0]!.id);

    const log = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/order/${draft.body.id}`, {
      token: sales,
    });
    expect(log.status).toBe(200);
    const changes = log.body.entries.flatMap((e) => e.changes);
    expect(changes).toContainEqual(
      expect.objectContaining({ field: 'orderStatus', previousValue: 'DRAFT', newValue: 'RECEIVED' }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ field: 'orderStatus', previousValue: 'RECEIVED', newValue: 'DRAFT' }),
    );
    expect(changes).toContainEqual(expect.objectContaining({ field: 'orderedItems', action: 'add' }));
    expect(log.body.entries.some((e) => e.action === 'create')).toBe(true);
  });

  it('lists by customer and by week', async () => {
    const mine = await call<OrderSummary[]>('GET', `/api/db/orders/getByCustomer/${customer.id}`, { token: sales });
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(3);
    expect(mine.body.every((o) => o.customerID === customer.id)).toBe(true);
    expect(mine.body.map((o) => o.createdAt)).toEqual([...mine.body.map((o) => o.createdAt)].sort().reverse());
    const viaCustomers = await call<{ res: OrderSummary[] }>('GET', `/api/db/customers/getAllOrders/${customer.id}`, {
      token: sales,
    });
    expect(viaCustomers.body.res.map((o) => o.id)).toEqual(mine.body.map((o) => o.id));
    const now = new Date();
    const week = await call<OrderSummary[]>(
      'GET',
      `/api/db/orders/getByWeek/${new Date(now.getTime() - 7 * 86_400_000).toISOString()}/${now.toISOString()}`,
      { token: inventory },
    );
    expect(week.status).toBe(200);
    expect(mine.body.every((o) => week.body.some((w) => w.id === o.id))).toBe(true);
    expect((await call('GET', '/api/db/customers/getAllOrders/nobody', { token: sales })).status).toBe(404);
    expect((await call('GET', '/api/db/orders/getByWeek/2026-01-01/2020-01-01', { token: sales })).status).toBe(400);
  });
});

describe('invoices rendered on the server', () => {
  it('storage/createInvoice answers the order invoice as a PDF; 404 for an unknown order', async () => {
    const p = await newProduct('Invoice item');
    const order = await submit([{ productSku: p.sku, productBatchId: null, quantity: 2, unitPrice: 20 }]);
    const url = `${(await import('../support/stack')).stackInfo().webUrl}/api/storage/createInvoice`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${sales}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: { orderId: order.body.id, orientation: 'landscape' } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    const missing = await call('POST', '/api/storage/createInvoice', {
      token: sales,
      body: { content: { orderId: 'nope' } },
    });
    expect(missing.status).toBe(404);
    const bad = await call('POST', '/api/storage/createInvoice', { token: sales, body: { content: {} } });
    expect(bad.status).toBe(400);
  });
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
