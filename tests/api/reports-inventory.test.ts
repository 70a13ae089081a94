import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  valuationAsOfMessages,
  type Brand,
  type Customer,
  type InventoryValuation,
  type Order,
  type Product,
  type PurchaseOrder,
  type SlowMovers,
  type StockLimitsReport,
} from '@bo/shared';
import { call, tokenFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * The inventory reports over HTTP (issue 25): stock moved by real order flows (a sales order delivered, a
 * purchase order received), the stream keeping each month's movements, and the valuation, slow movers and stock
 * limits read from them; who may read them, who sees the value, and bad queries refused with their messages.
 */

const tag = Math.random().toString(36).slice(2, 8);
const today = new Date().toISOString().slice(0, 10);
const thisMonth = today.slice(0, 7);
const lastMonth = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
let admin: string;
let inventory: string;
let purchasing: string;
let brand: Brand;
let typeId: string;
/** Sold: 30 on hand, 7 delivered. Idle: 12 on hand, never sold. Received: none, 10 received. */
let sold: Product;
let idle: Product;
let received: Product;

interface Refusal {
  message: string;
}

const get = async <T>(path: string, token = admin) => {
  const res = await call<T>('GET', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Reads until `done` says the stream has brought what the test wrote (the consumer runs apart). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  [admin, inventory, purchasing] = await Promise.all([
    tokenFor('ADMIN'),
    tokenFor('INVENTORY'),
    tokenFor('PURCHASING'),
  ]);
  const sales = await tokenFor('SALES');
  typeId = (
    await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
      token: admin,
      body: { name: `Valuation type ${tag}` },
    })
  ).body.id;
  brand = (
    await call<Brand>('POST', '/api/db/brands/addNew', {
      token: admin,
      body: { name: `Valuation Farms ${tag}`, skucode: `V${tag.slice(0, 4)}` },
    })
  ).body;
  const product = async (name: string, cost: number, stock: number) => {
    const res = await call<Product>('POST', '/api/db/products/addNew', {
      token: admin,
      body: { name: `${name} ${tag}`, brandID: brand.id, typeID: typeId, basePrice: 20, cost, stock },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  [sold, idle, received] = [await product('Sold', 8, 30), await product('Idle', 5, 12), await product('Recv', 2.5, 0)];

  // A sales order delivered: 7 of `sold` go out.
  const customer = (
    await call<Customer>('POST', '/api/db/customers/addNew', { token: sales, body: { customerName: `Stock ${tag}` } })
  ).body;
  const order = await call<Order>('POST', '/api/db/orders/new', {
    token: sales,
    body: {
      customerID: customer.id,
      pickupOrder: true,
      products: [{ productSku: sold.sku, productBatchId: null, quantity: 7, unitPrice: 20 }],
    },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const delivered = await call<Order>('PUT', `/api/db/orders/setStatus/${order.body.id}`, {
    token: inventory,
    body: { orderStatus: 'DELIVERED', modifiedOn: order.body.modifiedOn },
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);

  // A purchase order received: 10 of `received` come in.
  const po = await call<PurchaseOrder>('POST', '/api/db/purchases/new', {
    token: purchasing,
    body: {
      brandID: brand.id,
      expectedDeliveryOn: null,
      orderStatus: 'PENDING',
      notes: null,
      purchaseOrderItems: [{ productSku: received.sku, orderQuantity: 10, unitCost: 2.5 }],
    },
  });
  expect(po.status, JSON.stringify(po.body)).toBe(200);
  const receipt = await call('PUT', `/api/db/purchases/receive/${po.body.id}`, { token: inventory, body: {} });
  expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
});

const brandLine = (v: InventoryValuation) => v.byBrand.find((l) => l.key === brand.id);

describe('the inventory valuation', () => {
  it('is units × cost per brand now: 23 × $8 + 12 × $5 + 10 × $2.50', async () => {
    const v = await get<InventoryValuation>('/api/db/reports/inventoryValuation');
    expect(v.asOf).toBeNull();
    expect(v.through).toBe(todayUtc());
    expect(brandLine(v)).toEqual({ key: brand.id, label: brand.name, units: 45, products: 3, cost: 269 });
    expect(v.rows.find((r) => r.key === `${brand.id}|${typeId}`)).toMatchObject({ units: 45, cost: 269 });
    expect(v.byType.find((r) => r.key === typeId)).toMatchObject({ units: 45, products: 3, cost: 269 });
    expect(v.build.excludedBrands).toBeInstanceOf(Array);
  });

  it('at the end of last month takes back this month’s moves (the products were created this month: none)', async () => {
    // Until the stream brings the receipt, last month would still count the 10 received.
    const v = await until(
      () => get<InventoryValuation>(`/api/db/reports/inventoryValuation?asOf=${lastMonth}`),
      (x) => brandLine(x) === undefined,
    );
    expect(v.asOf).toBe(lastMonth);
    expect(v.through).toBe(addDays(`${thisMonth}-01`, -1));
    expect(brandLine(v)).toBeUndefined();
    expect(v.recordedSince).not.toBeNull();
    expect(v.recordedSince! <= thisMonth).toBe(true);
  });

  it('leaves out the value for INVENTORY, and refuses SALES and PAYROLL', async () => {
    const v = await get<InventoryValuation>('/api/db/reports/inventoryValuation', inventory);
    expect(brandLine(v)).toEqual({ key: brand.id, label: brand.name, units: 45, products: 3 });
    expect(v.total.cost).toBeUndefined();
    expect(JSON.stringify(v)).not.toContain('"cost"');
    expect(brandLine(await get<InventoryValuation>('/api/db/reports/inventoryValuation', purchasing))).toBeDefined();
    for (const role of ['SALES', 'PAYROLL'] as const)
      for (const path of ['inventoryValuation', 'slowMovers', 'stockLimits']) {
        const res = await call('GET', `/api/db/reports/${path}`, { token: await tokenFor(role) });
        expect(res.status, `${role} ${path}`).toBe(403);
      }
  });
});

describe('slow movers', () => {
  const ofBrand = (s: SlowMovers) => s.products.filter((p) => p.brandId === brand.id);

  it('lists a product in stock never sold, not one just sold', async () => {
    const s = await until(
      () => get<SlowMovers>(`/api/db/reports/slowMovers?days=30&brand=${brand.id}`),
      (x) => !ofBrand(x).some((p) => p.productId === sold.id),
    );
    expect(s.days).toBe(30);
    expect(s.since).toBe(addDays(todayUtc(), -29));
    expect(ofBrand(s).map((p) => [p.productId, p.units, p.cost])).toEqual([
      [idle.id, 12, 60],
      [received.id, 10, 25],
    ]);
    expect(s.count).toBe(2);
    expect(s.units).toBe(22);
    expect(s.cost).toBe(85);
    // Without the brand filter the same products are among them; the default is 90 days.
    const all = await get<SlowMovers>('/api/db/reports/slowMovers');
    expect(all.days).toBe(90);
    expect(all.products.some((p) => p.productId === idle.id) || all.count > all.products.length).toBe(true);
    expect(all.products.some((p) => p.productId === sold.id)).toBe(false);
    // INVENTORY: no value.
    const seen = await get<SlowMovers>(`/api/db/reports/slowMovers?brand=${brand.id}`, inventory);
    expect(JSON.stringify(seen)).not.toContain('"cost"');
    expect(ofBrand(seen).map((p) => p.units)).toEqual([12, 10]);
  });
});

describe('stock limits', () => {
  it('lists each limit line with its status and room', async () => {
    const limit = async (path: string, body: object) => {
      const res = await call('POST', `/api/db/brands/updateStockLimits/${path}`, { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await limit(brand.id, { maxBrandStock: 40 });
    await limit(`${brand.id}/${typeId}`, { maxStock: 100 });
    const r = await get<StockLimitsReport>('/api/db/reports/stockLimits');
    const lines = r.lines.filter((l) => l.brandId === brand.id);
    expect(lines).toEqual([
      {
        brandId: brand.id,
        brandName: brand.name,
        level: 'brand',
        label: 'Brand',
        stock: 45,
        limit: 40,
        room: -5,
        status: 'over',
        products: 3,
      },
      {
        brandId: brand.id,
        brandName: brand.name,
        level: 'type',
        label: `Valuation type ${tag}`,
        stock: 45,
        limit: 100,
        room: 55,
        status: 'under',
        products: 3,
      },
    ]);
    expect(r.counts.over).toBeGreaterThanOrEqual(1);
    expect(r.counts.under).toBeGreaterThanOrEqual(1);
    // The fullest first.
    const fullness = r.lines.map((l) => (l.limit > 0 ? l.stock / l.limit : Infinity));
    expect(fullness).toEqual([...fullness].sort((a, b) => b - a));
    expect((await get<StockLimitsReport>('/api/db/reports/stockLimits', inventory)).lines).toContainEqual(lines[0]);
  });
});

describe('bad queries', () => {
  const refused = async (path: string) => {
    const res = await call<Refusal>('GET', path, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.message;
  };

  it('refuses a malformed month, this month and more than 36 months back, with the messages', async () => {
    expect(await refused('/api/db/reports/inventoryValuation?asOf=2026-13')).toBe(
      'asOf must be a month, YYYY-MM (or a day of it, YYYY-MM-DD), from 2000 to 2099 (query.asOf)',
    );
    expect(await refused(`/api/db/reports/inventoryValuation?asOf=${thisMonth}`)).toBe(
      valuationAsOfMessages.notPast(thisMonth),
    );
    const earliest = addMonths(`${thisMonth}-01`, -36).slice(0, 7);
    expect(
      await refused(`/api/db/reports/inventoryValuation?asOf=${addMonths(`${thisMonth}-01`, -40).slice(0, 7)}`),
    ).toBe(valuationAsOfMessages.tooFarBack(earliest));
    // 36 months back is the limit, and allowed.
    expect((await call('GET', `/api/db/reports/inventoryValuation?asOf=${earliest}`, { token: admin })).status).toBe(
      200,
    );
  });

  it('refuses days outside 1 to 365', async () => {
    for (const days of ['0', '366'])
      expect(await refused(`/api/db/reports/slowMovers?days=${days}`)).toBe(
        'days must be a whole number from 1 to 365 (query.days)',
      );
  });
});
