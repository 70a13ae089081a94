/** Sales orders over the API: submit, reserve, deliver and cancel; drafts, numbers and history; invoices. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Brand,
  type ChangeLogEntry,
  type Customer,
  type Order,
  type OrderSummary,
  type PendingOrderItem,
  type PendingOutbound,
  type Product,
} from '@bo/shared';
import { call } from '../support/stack';
import { newProduct, newBatch, product, batchOf, submit, setUpSalesOrders } from '../support/sales-orders';

let sales: string;
let admin: string;
let inventory: string;
let brand: Brand;
let customer: Customer;

beforeAll(async () => {
  ({ sales, admin, inventory, brand, customer } = await setUpSalesOrders());
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
