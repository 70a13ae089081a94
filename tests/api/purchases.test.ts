import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANCEL_RECEIVED_MESSAGE,
  PURCHASE_ORDER_MESSAGES,
  type Brand,
  type OnOrder,
  type Product,
  type PurchaseOrder,
  type PurchaseOrderSummary,
} from '@bo/shared';
import { call, tokenFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * Purchase orders over HTTP with real tokens: the spec's bodies, server figures and snapshots, the list and
 * on-order reads, 409s on stale edits, bad input as 400s, and receiving once only under concurrency.
 */

const unique = () => Math.random().toString(36).slice(2, 10);

let purchasing: string;
let inventory: string;
let admin: string;
let brand: Brand;
let otherBrand: Brand;
let typeId: string;
let batched: Product;
let plain: Product;
let inactive: Product;
let foreign: Product;

async function newBrand(name: string): Promise<Brand> {
  const res = await call<Brand>('POST', '/api/db/brands/addNew', {
    token: inventory,
    body: { name: `${name} ${unique()}`, skucode: `P${unique().slice(0, 5)}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function newProduct(name: string, brandId: string, body: Record<string, unknown> = {}): Promise<Product> {
  const res = await call<Product>('POST', '/api/db/products/addNew', {
    token: inventory,
    body: { name, brandID: brandId, typeID: typeId, basePrice: 20, cost: 7.25, stock: 10, weight: 3.5, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const product = async (id: string) =>
  (await call<Product>('GET', `/api/db/products/getByID/${id}`, { token: admin })).body;

/** The spec's body of POST /db/purchases/new, with client figures the server must not trust. */
const specBody = (lines: Array<{ p: Product; quantity: number; unitCost?: number }>, extra = {}) => ({
  brandID: brand.id,
  expectedDeliveryOn: '2026-12-01',
  orderStatus: 'PENDING',
  paymentStatus: 'PENDING',
  unitQuantity: 1,
  total: 0.01,
  notes: 'Spring restock',
  purchaseOrderItems: lines.map(({ p, quantity, unitCost }) => ({
    productSku: p.sku,
    productName: 'what the client says',
    productBrand: 'client brand',
    productType: 'client type',
    productGenetics: null,
    productExtractType: null,
    productWeight: 3.5,
    orderQuantity: quantity,
    unitCost: unitCost ?? 7.25,
  })),
  ...extra,
});

const create = (body: unknown, token = purchasing) =>
  call<PurchaseOrder & { message?: string }>('POST', '/api/db/purchases/new', { token, body });

const getById = (id: string, token = purchasing) =>
  call<{ res: PurchaseOrder }>('GET', `/api/db/purchases/getById/${id}`, { token });

const receive = (id: string, body: unknown = {}, token = inventory) =>
  call<PurchaseOrder & { message?: string }>('PUT', `/api/db/purchases/receive/${id}`, { token, body });

/** The update body for an order as loaded: the create body plus purchaseOrderNum, with changes. */
const updateBody = (o: PurchaseOrder, changes: Record<string, unknown> = {}) => ({
  brandID: o.brandID,
  expectedDeliveryOn: o.expectedDeliveryOn,
  orderStatus: o.orderStatus,
  paymentStatus: o.paymentStatus,
  unitQuantity: o.unitQuantity,
  total: o.total,
  notes: o.notes,
  purchaseOrderNum: o.purchaseOrderNum,
  purchaseOrderItems: o.purchaseOrderItems.map((l) => ({
    productSku: l.productSku,
    orderQuantity: l.quantity,
    unitCost: l.unitCost,
  })),
  modifiedOn: o.modifiedOn,
  ...changes,
});
const update = (o: PurchaseOrder, changes: Record<string, unknown> = {}, token = purchasing) =>
  call<PurchaseOrder & { message?: string }>('PUT', `/api/db/purchases/update/${o.id}`, {
    token,
    body: updateBody(o, changes),
  });

beforeAll(async () => {
  [purchasing, inventory, admin] = await Promise.all([
    tokenFor('PURCHASING'),
    tokenFor('INVENTORY'),
    tokenFor('ADMIN'),
  ]);
  typeId = (
    await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
      token: inventory,
      body: { name: `PO type ${unique()}` },
    })
  ).body.id;
  [brand, otherBrand] = await Promise.all([newBrand('Restock Farms'), newBrand('Other Farms')]);
  [batched, plain, inactive, foreign] = await Promise.all([
    newProduct('Batched bud', brand.id, { hasBatch: true }),
    newProduct('Plain cart', brand.id, { hasBatch: false, cost: 2.5 }),
    newProduct('Retired gummy', brand.id, { status: 'INACTIVE' }),
    newProduct('Foreign bud', otherBrand.id),
  ]);
});

describe('create, read, list, update', () => {
  let order: PurchaseOrder;

  it('creates from the spec body: a number, the server totals in cents, the catalogue snapshot', async () => {
    const res = await create(
      specBody([
        { p: batched, quantity: 12, unitCost: 7.35 },
        { p: plain, quantity: 3 },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    order = res.body;
    expect(order.purchaseOrderNum).toMatch(/^\d+$/);
    expect(order.id).toBeTruthy();
    expect(order).toMatchObject({
      brandID: brand.id,
      brand: brand.name,
      orderStatus: 'PENDING',
      paymentStatus: 'PENDING',
      expectedDeliveryOn: '2026-12-01',
      notes: 'Spring restock',
      unitQuantity: 15,
      // 12 × 7.35 + 3 × 7.25 = 88.20 + 21.75
      total: 109.95,
    });
    const line = order.purchaseOrderItems.find((l) => l.productSku === batched.sku)!;
    expect(line).toMatchObject({
      productName: 'Batched bud',
      productBrand: brand.name,
      quantity: 12,
      unitCost: 7.35,
      subtotal: 88.2,
      hasBeenStocked: false,
    });
    expect(order.purchaseOrderItems.find((l) => l.productSku === plain.sku)?.unitCost).toBe(7.25);
  });

  it('a left-out unit cost takes the product cost; Save as draft gives DRAFT / DRAFT', async () => {
    const body = specBody([{ p: plain, quantity: 4 }], { orderStatus: 'DRAFT', paymentStatus: undefined });
    delete (body.purchaseOrderItems[0] as { unitCost?: number }).unitCost;
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ orderStatus: 'DRAFT', paymentStatus: 'DRAFT', total: 10 });
  });

  it('reads by id and by number, lines with quantity', async () => {
    const [byId, byNumber] = await Promise.all([getById(order.id), getById(order.purchaseOrderNum)]);
    expect(byId.status).toBe(200);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.res.id).toBe(order.id);
    expect(byId.body.res.purchaseOrderItems.map((l) => [l.productSku, l.quantity]).sort()).toEqual(
      [
        [batched.sku, 12],
        [plain.sku, 3],
      ].sort(),
    );
    expect((await getById('99999999')).status).toBe(404);
  });

  it('createOrderNumber previews the next number without taking it', async () => {
    const path = `/api/db/purchases/createOrderNumber/${brand.id}`;
    const [a, b] = await Promise.all([
      call<{ purchaseOrderNum: string }>('GET', path, { token: purchasing }),
      call<{ purchaseOrderNum: string }>('GET', path, { token: purchasing }),
    ]);
    expect(a.status).toBe(200);
    expect(a.body.purchaseOrderNum).toBe(b.body.purchaseOrderNum);
    expect(Number(a.body.purchaseOrderNum)).toBeGreaterThan(Number(order.purchaseOrderNum));
  });

  it('lists by brand, by status and by range, newest first, without lines', async () => {
    const byBrand = await call<PurchaseOrderSummary[]>('GET', `/api/db/purchases/getAll?brandId=${brand.id}`, {
      token: purchasing,
    });
    expect(byBrand.status).toBe(200);
    expect(byBrand.body.length).toBeGreaterThanOrEqual(2);
    expect(byBrand.body.every((o) => o.brandID === brand.id)).toBe(true);
    const dates = byBrand.body.map((o) => o.orderPlacedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    const mine = byBrand.body.find((o) => o.id === order.id)!;
    expect(mine).toMatchObject({ lineCount: 2, stockedLineCount: 0, unitQuantity: 15 });
    expect(mine).not.toHaveProperty('purchaseOrderItems');

    const drafts = await call<PurchaseOrderSummary[]>(
      'GET',
      `/api/db/purchases/getAll?brandId=${brand.id}&status=DRAFT`,
      { token: purchasing },
    );
    expect(drafts.body.length).toBeGreaterThanOrEqual(1);
    expect(drafts.body.every((o) => o.orderStatus === 'DRAFT')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const pending = await call<PurchaseOrderSummary[]>(
      'GET',
      `/api/db/purchases/getAll?status=PENDING&from=${today}&to=${todayUtc()}`,
      { token: purchasing },
    );
    expect(pending.body.map((o) => o.id)).toContain(order.id);
    const past = await call<PurchaseOrderSummary[]>('GET', '/api/db/purchases/getAll?from=2020-01-01&to=2020-01-31', {
      token: purchasing,
    });
    expect(past.body.map((o) => o.id)).not.toContain(order.id);
  });

  it('counts the units of open orders on order per product (a draft commits nothing)', async () => {
    const res = await call<OnOrder[]>('GET', `/api/db/purchases/getOnOrder?brandId=${brand.id}`, {
      token: inventory,
    });
    expect(res.status).toBe(200);
    const row = res.body.find((r) => r.productSku === plain.sku)!;
    // The PENDING order's 3 units; the DRAFT's 4 do not count.
    expect(row.purchaseOrders.find((p) => p.id === order.id)?.quantity).toBe(3);
    expect(row.units).toBe(row.purchaseOrders.reduce((sum, p) => sum + p.quantity, 0));
    expect(res.body.every((r) => [batched.sku, plain.sku].includes(r.productSku))).toBe(true);
  });

  it('updates: stamps statusModifiedOn only when the status changes, answers without brand', async () => {
    const res = await update(order, {
      orderStatus: 'ORDERED',
      notes: 'Called the rep',
      purchaseOrderItems: [
        { productSku: batched.sku, orderQuantity: 10, unitCost: 7.35 },
        { productSku: plain.sku, orderQuantity: 3, unitCost: 7.25 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).not.toHaveProperty('brand');
    expect(res.body).toMatchObject({
      purchaseOrderNum: order.purchaseOrderNum,
      orderStatus: 'ORDERED',
      paymentStatus: 'PENDING',
      notes: 'Called the rep',
      unitQuantity: 13,
      total: 95.25,
      paymentModifiedOn: order.paymentModifiedOn,
    });
    expect(res.body.statusModifiedOn > order.statusModifiedOn).toBe(true);

    const stale = await update(order, { notes: 'An edit from an old screen' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    order = (await getById(order.id)).body.res;
    expect(order.notes).toBe('Called the rep');
  });
});

describe('bad input gets a 400 with a message', () => {
  const refusals: Array<[string, () => unknown, RegExp | string]> = [
    ['no brand', () => specBody([{ p: plain, quantity: 1 }], { brandID: '' }), PURCHASE_ORDER_MESSAGES.brandRequired],
    ['no items', () => specBody([]), PURCHASE_ORDER_MESSAGES.itemRequired],
    ['only 0 quantities', () => specBody([{ p: plain, quantity: 0 }]), PURCHASE_ORDER_MESSAGES.itemRequired],
    ['a negative quantity', () => specBody([{ p: plain, quantity: -2 }]), PURCHASE_ORDER_MESSAGES.quantityNegative],
    ['a fractional quantity', () => specBody([{ p: plain, quantity: 1.5 }]), PURCHASE_ORDER_MESSAGES.quantityNotWhole],
    ['a product of another brand', () => specBody([{ p: foreign, quantity: 1 }]), /Not a product of .*: /],
    ['an INACTIVE product', () => specBody([{ p: inactive, quantity: 1 }]), /Inactive or hidden products/],
    [
      'an unknown SKU',
      () => ({
        ...specBody([{ p: plain, quantity: 1 }]),
        purchaseOrderItems: [{ productSku: 'NOPE-XXX-9999', orderQuantity: 1 }],
      }),
      /Unknown product SKU: NOPE-XXX-9999/,
    ],
    ['an unknown brand', () => specBody([{ p: plain, quantity: 1 }], { brandID: 'no-such-brand' }), /Brand not found/],
    [
      'a status other than DRAFT or PENDING',
      () => specBody([{ p: plain, quantity: 1 }], { orderStatus: 'RECEIVED' }),
      /DRAFT/,
    ],
  ];

  it.each(refusals)('%s', async (_label, body, message) => {
    const res = await create(body());
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('the refused SKU is named (another brand)', async () => {
    const res = await create(specBody([{ p: foreign, quantity: 1 }]));
    expect(res.body.message).toContain(foreign.sku);
  });

  it('a changed number moves the order to it; a number in use is a 409', async () => {
    const [first, second] = await Promise.all([
      create(specBody([{ p: plain, quantity: 1 }])),
      create(specBody([{ p: plain, quantity: 2 }])),
    ]);
    const taken = await update(first.body, { purchaseOrderNum: second.body.purchaseOrderNum });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/already in use/);
    const fresh = String(900_000_000 + Math.floor(Math.random() * 99_999_999));
    const moved = await update(first.body, { purchaseOrderNum: fresh });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.purchaseOrderNum).toBe(fresh);
    expect((await getById(fresh)).body.res.id).toBe(first.body.id);
    expect((await getById(first.body.purchaseOrderNum)).status).toBe(404);
  });

  it('update refuses a non-numeric number and receive refuses a SKU not on the order', async () => {
    const made = (await create(specBody([{ p: plain, quantity: 1 }]))).body;
    const badNumber = await update(made, { purchaseOrderNum: 'PO one' });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.message).toMatch(/digits/);
    const stranger = await receive(made.id, { productSkus: [foreign.sku] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toContain(foreign.sku);
  });
});

describe('roles', () => {
  it('ADMIN writes; INVENTORY reads without costs; SALES and DRIVER are refused', async () => {
    const [sales, driver] = await Promise.all([tokenFor('SALES'), tokenFor('DRIVER')]);
    const made = await create(specBody([{ p: plain, quantity: 2 }]), admin);
    expect(made.status).toBe(200);
    expect(made.body.total).toBe(14.5);

    const seen = await getById(made.body.id, inventory);
    expect(seen.status).toBe(200);
    expect(seen.body.res).not.toHaveProperty('total');
    for (const line of seen.body.res.purchaseOrderItems) {
      expect(line).not.toHaveProperty('unitCost');
      expect(line).not.toHaveProperty('subtotal');
      expect(line.quantity).toBe(2);
    }
    const listed = await call<PurchaseOrderSummary[]>('GET', `/api/db/purchases/getAll?brandId=${brand.id}`, {
      token: inventory,
    });
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.every((o) => !('total' in o))).toBe(true);

    expect((await create(specBody([{ p: plain, quantity: 1 }]), inventory)).status).toBe(403);
    for (const token of [sales, driver]) {
      expect((await create(specBody([{ p: plain, quantity: 1 }]), token)).status).toBe(403);
      expect((await getById(made.body.id, token)).status).toBe(403);
      expect((await receive(made.body.id, {}, token)).status).toBe(403);
      expect((await call('GET', '/api/db/purchases/getAll', { token })).status).toBe(403);
    }
  });
});

describe('numbers', () => {
  it('10 concurrent creates get 10 distinct numbers', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => create(specBody([{ p: plain, quantity: 1 }]))));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.purchaseOrderNum)).size).toBe(10);
  });
});

describe('Idempotency-Key', () => {
  it('a retried Submit answers the first order; the key with another body is a 422', async () => {
    const headers = { 'idempotency-key': `po-${unique()}` };
    const post = (quantity: number) =>
      call<PurchaseOrder & { message?: string }>('POST', '/api/db/purchases/new', {
        token: purchasing,
        headers,
        body: specBody([{ p: plain, quantity }]),
      });
    const [a, b] = await Promise.all([post(2), post(2)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.purchaseOrderNum).toBe(a.body.purchaseOrderNum);
    const other = await post(3);
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/Idempotency-Key/);
  });
});

describe('receiving is once only', () => {
  const batchesOf = async (p: Product, number: string) =>
    ((await product(p.id)).orderBatches ?? []).filter((b) => b.batchNumber === `PO-${number}`);

  it('three receives at once raise stock once and check in one batch for the batched product', async () => {
    const order = (
      await create(
        specBody([
          { p: batched, quantity: 6 },
          { p: plain, quantity: 4 },
        ]),
      )
    ).body;
    const [stockA, stockB] = [(await product(batched.id)).stock, (await product(plain.id)).stock];

    const results = await Promise.all([receive(order.id), receive(order.id), receive(order.purchaseOrderNum)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409))
      expect(refused.body.message).toMatch(/Already received/);
    const done = results.find((r) => r.status === 200)!.body;
    expect(done.orderStatus).toBe('RECEIVED');
    expect(done.purchaseOrderItems.every((l) => l.hasBeenStocked)).toBe(true);

    expect((await product(batched.id)).stock).toBe(stockA + 6);
    expect((await product(plain.id)).stock).toBe(stockB + 4);
    const batches = await batchesOf(batched, order.purchaseOrderNum);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ isCheckedIn: true, initialQuantity: 6, remainingQuantity: 6 });
    expect(batches[0]!.receivedOn.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect(await batchesOf(plain, order.purchaseOrderNum)).toHaveLength(0);

    const again = await receive(order.id);
    expect(again.status).toBe(409);
    expect((await product(batched.id)).stock).toBe(stockA + 6);
  });

  it('update to RECEIVED racing a receive stocks once', async () => {
    const order = (await create(specBody([{ p: batched, quantity: 5 }]))).body;
    const before = (await product(batched.id)).stock;
    const { modifiedOn: _m, ...body } = updateBody(order, { orderStatus: 'RECEIVED' });
    const [viaUpdate, viaReceive] = await Promise.all([
      call<PurchaseOrder>('PUT', `/api/db/purchases/update/${order.id}`, { token: purchasing, body }),
      receive(order.id),
    ]);
    expect(viaUpdate.status, JSON.stringify(viaUpdate.body)).toBe(200);
    expect([200, 409]).toContain(viaReceive.status);
    expect(viaUpdate.body.orderStatus).toBe('RECEIVED');
    expect((await product(batched.id)).stock).toBe(before + 5);
    expect(await batchesOf(batched, order.purchaseOrderNum)).toHaveLength(1);
    const read = (await getById(order.id)).body.res;
    expect(read.purchaseOrderItems.every((l) => l.hasBeenStocked)).toBe(true);
  });

  it('a per-line receive stocks that line only and leaves the rest on order', async () => {
    const order = (
      await create(
        specBody([
          { p: batched, quantity: 2 },
          { p: plain, quantity: 7 },
        ]),
      )
    ).body;
    const res = await receive(order.id, { productSkus: [plain.sku] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orderStatus).toBe('PENDING');
    expect(res.body.purchaseOrderItems.find((l) => l.productSku === plain.sku)?.hasBeenStocked).toBe(true);
    expect(res.body.purchaseOrderItems.find((l) => l.productSku === batched.sku)?.hasBeenStocked).toBe(false);
    const onOrder = await call<OnOrder[]>('GET', `/api/db/purchases/getOnOrder?brandId=${brand.id}`, {
      token: purchasing,
    });
    const holding = (sku: string) =>
      onOrder.body.find((r) => r.productSku === sku)?.purchaseOrders.find((p) => p.id === order.id);
    expect(holding(plain.sku)).toBeUndefined();
    expect(holding(batched.sku)?.quantity).toBe(2);

    const changeReceived = await update(res.body, {
      purchaseOrderItems: [
        { productSku: batched.sku, orderQuantity: 2 },
        { productSku: plain.sku, orderQuantity: 9 },
      ],
    });
    expect(changeReceived.status).toBe(400);
    expect(changeReceived.body.message).toMatch(/received into stock/);
  });

  it('cancelling a received order is refused and takes no stock back', async () => {
    const order = (await create(specBody([{ p: plain, quantity: 3 }]))).body;
    const received = await receive(order.id);
    expect(received.status).toBe(200);
    const stock = (await product(plain.id)).stock;
    const cancel = await update(received.body, { orderStatus: 'CANCELLED' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(CANCEL_RECEIVED_MESSAGE);
    expect((await product(plain.id)).stock).toBe(stock);
    expect((await getById(order.id)).body.res.orderStatus).toBe('RECEIVED');
  });

  it('a draft or cancelled order cannot be received', async () => {
    const draft = (await create(specBody([{ p: plain, quantity: 1 }], { orderStatus: 'DRAFT' }))).body;
    const res = await receive(draft.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/draft/i);
  });
});
