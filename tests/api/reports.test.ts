import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Brand,
  CommissionReport,
  Customer,
  Order,
  Product,
  PurchaseOrder,
  PurchasesReport,
  ReportStatus,
  SalesReport,
} from '@bo/shared';
import { call, tokenFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * The sales report over HTTP (issue 25): who may read it and what they get, an order the stream brings into the
 * figures within moments, a rebuild that leaves them as they were, and bad queries refused with a message.
 */

const tag = Math.random().toString(36).slice(2, 8);
// The day this file loaded; a range that must hold what a test has just written ends at `todayUtc()`, the API's day
// read when used, since a run can cross midnight between the two.
const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 7)}-01`;
let admin: string;
let sales: string;
let salesId: string;
let brand: Brand;
let product: Product;
let customer: Customer;

const subOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

const report = async (token: string, query: string) => {
  const res = await call<SalesReport>('GET', `/api/db/reports/sales?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Reads the report until `done` says the stream has brought what the test wrote (the consumer runs apart). */
async function reportUntil(token: string, query: string, done: (r: SalesReport) => boolean): Promise<SalesReport> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const r = await report(token, query);
    if (done(r) || Date.now() > deadline) return r;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const brandRow = (r: SalesReport) => r.series.find((s) => s.key === brand.id);

beforeAll(async () => {
  [admin, sales] = await Promise.all([tokenFor('ADMIN'), tokenFor('SALES')]);
  salesId = subOf(sales);
  const type = await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
    token: admin,
    body: { name: `Figures type ${tag}` },
  });
  brand = (
    await call<Brand>('POST', '/api/db/brands/addNew', {
      token: admin,
      body: { name: `Figures Farms ${tag}`, skucode: `F${tag.slice(0, 4)}` },
    })
  ).body;
  product = (
    await call<Product>('POST', '/api/db/products/addNew', {
      token: admin,
      body: {
        name: `Figures item ${tag}`,
        brandID: brand.id,
        typeID: type.body.id,
        basePrice: 20,
        cost: 8,
        stock: 500,
      },
    })
  ).body;
  customer = (
    await call<Customer>('POST', '/api/db/customers/addNew', {
      token: sales,
      body: { customerName: `Figures Buyer ${tag}`, accountOwnerID: salesId, type: 'WHOLESALE' },
    })
  ).body;
  expect(customer.id).toBeTruthy();
});

describe('the sales report', () => {
  it('is ADMIN’s and SALES’s; other roles get 403, and only ADMIN rebuilds', async () => {
    for (const role of ['PURCHASING', 'INVENTORY', 'PAYROLL', 'DRIVER'] as const) {
      const res = await call('GET', `/api/db/reports/sales?from=${monthStart}&to=${todayUtc()}`, {
        token: await tokenFor(role),
      });
      expect(res.status, role).toBe(403);
    }
    expect((await call('POST', '/api/db/reports/rebuild', { token: sales, body: {} })).status).toBe(403);
    expect((await call('GET', '/api/db/reports/status', { token: await tokenFor('DRIVER') })).status).toBe(403);
    expect((await call('GET', '/api/db/reports/status', { token: await tokenFor('PAYROLL') })).status).toBe(200);
  });

  it('counts an order once the stream brings it: by brand for ADMIN with cost and margin', async () => {
    const q = `from=${monthStart}&to=${todayUtc()}&groupBy=brand&limit=500`;
    const created = await call<Order>('POST', '/api/db/orders/new', {
      token: sales,
      body: {
        customerID: customer.id,
        pickupOrder: true,
        products: [{ productSku: product.sku, productBatchId: null, quantity: 4, unitPrice: 25 }],
        dollarAdjustment: 10,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const r = await reportUntil(admin, q, (x) => brandRow(x)?.total.revenue === 90);
    expect(
      brandRow(r),
      JSON.stringify({ created: created.body.orderStatus, total: r.total, series: r.series.map((x) => x.label) }),
    ).toBeDefined();
    // 4 × $25 less the $10 discount; cost 4 × $8.
    expect(brandRow(r)).toMatchObject({
      label: brand.name,
      total: { revenue: 90, units: 4, orders: 1, cost: 32, profit: 58, margin: 64.4 },
    });
    expect(r.groupBy).toBe('brand');
    expect(r.points).toHaveLength(1);
    // Cancelled, it counts for nothing.
    const cancelled = await call('PUT', `/api/db/orders/update/${created.body.id}`, {
      token: sales,
      body: { orderStatus: 'CANCELLED' },
    });
    expect(cancelled.status).toBe(200);
    const after = await reportUntil(admin, q, (x) => brandRow(x) === undefined);
    expect(brandRow(after)).toBeUndefined();
  });

  it('gives SALES only their own customers, and never cost, profit or margin', async () => {
    const created = await call<Order>('POST', '/api/db/orders/new', {
      token: sales,
      body: {
        customerID: customer.id,
        pickupOrder: true,
        products: [{ productSku: product.sku, productBatchId: null, quantity: 2, unitPrice: 30 }],
      },
    });
    expect(created.status).toBe(200);
    const q = `from=${monthStart}&to=${todayUtc()}&groupBy=customer`;
    const mine = await reportUntil(sales, q, (x) =>
      x.series.some((s) => s.key === customer.id && s.total.revenue === 60),
    );
    expect(mine.filter).toMatchObject({ dimension: 'rep', key: salesId });
    expect(mine.series.find((s) => s.key === customer.id)).toMatchObject({ label: customer.customerName });
    expect(JSON.stringify(mine)).not.toMatch(/"(cost|profit|margin)"/);
    // Asking for another rep still answers their own; any other filter is refused.
    const other = await report(sales, `from=${monthStart}&to=${todayUtc()}&rep=someone-else`);
    expect(other.filter).toMatchObject({ dimension: 'rep', key: salesId });
    const byBrand = await call<{ message: string }>(
      'GET',
      `/api/db/reports/sales?from=${monthStart}&to=${todayUtc()}&brand=${brand.id}`,
      {
        token: sales,
      },
    );
    expect(byBrand.status).toBe(400);
    expect(byBrand.body.message).toBe('A sales report of your own customers filters by nothing else');
    // ADMIN's same report has every rep's customers, with costs.
    const all = await report(admin, `${q}&limit=500`);
    expect(all.filter).toBeNull();
    expect(all.series.find((s) => s.key === customer.id)?.total).toMatchObject({ revenue: 60, cost: 16 });
  });

  it('refuses bad queries with a message', async () => {
    const cases: Array<[string, string]> = [
      [
        `from=${monthStart}&to=${todayUtc()}&groupBy=colour`,
        'groupBy must be one of rep, customer, customerType, brand, productType (query.groupBy)',
      ],
      [`from=${today}&to=2020-01-01`, 'from must not be after to (query.from)'],
      [`from=1990-01-01&to=${todayUtc()}`, 'from must be between 2000-01-01 and 2099-12-31 (query.from)'],
      [
        `from=2020-01-01&to=2026-01-01&interval=day`,
        'This range by day is 2193 points; a report has at most 400 (choose a longer interval or a shorter range) (query.interval)',
      ],
      [`from=${monthStart}&to=${todayUtc()}&brand=a&customer=b`, 'Filter by one dimension at a time (query.brand)'],
      [
        `from=${monthStart}&to=${todayUtc()}&groupBy=customer&interval=week`,
        'Sales by customer come by month or quarter (query.interval)',
      ],
      [
        `from=${monthStart}&to=${todayUtc()}&interval=hour`,
        'interval must be one of day, week, month, quarter (query.interval)',
      ],
      [`from=${monthStart}&to=${todayUtc()}&limit=0`, 'limit must be a whole number from 1 to 500 (query.limit)'],
      [`to=${todayUtc()}`, 'from is required (query.from)'],
    ];
    for (const [query, message] of cases) {
      const res = await call<{ message: string }>('GET', `/api/db/reports/sales?${query}`, { token: admin });
      expect([query, res.status, res.body.message]).toEqual([query, 400, message]);
    }
  });

  it('a rebuild by ADMIN ends with the same figures, and says how it went', async () => {
    // This file's own brand: other files write orders to the shared stack while the rebuild runs, so the figures of
    // the whole business may move between the two reads; the brand's move only with what this file writes.
    const q = `from=${today.slice(0, 4)}-01-01&to=${todayUtc()}&interval=month&groupBy=customerType&brand=${brand.id}`;
    const before = await report(admin, q);
    const started = await call<ReportStatus>('POST', '/api/db/reports/rebuild', { token: admin, body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const deadline = Date.now() + 60_000;
    let status = started.body;
    while (status.rebuilding && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await call<ReportStatus>('GET', '/api/db/reports/status', { token: admin })).body;
    }
    expect(status.rebuilding).toBeUndefined();
    expect(status.lastRebuild?.orders).toBeGreaterThan(0);
    const after = await report(admin, q);
    expect(before.total.orders).toBeGreaterThan(0);
    expect(after.total).toEqual(before.total);
    expect(after.series.map((s) => [s.key, s.total])).toEqual(before.series.map((s) => [s.key, s.total]));
  });

  it('excluding a brand from reporting starts the rebuild that leaves it out', async () => {
    const quiet = (
      await call<Brand>('POST', '/api/db/brands/addNew', {
        token: admin,
        body: { name: `Quiet Co ${tag}`, skucode: `Q${tag.slice(0, 4)}` },
      })
    ).body;
    const res = await call('PUT', `/api/db/brands/update/${quiet.id}`, {
      token: admin,
      body: { excludeFromReporting: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const deadline = Date.now() + 60_000;
    let status = (await call<ReportStatus>('GET', '/api/db/reports/status', { token: admin })).body;
    while (!status.excludedBrands.some((b) => b.id === quiet.id) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await call<ReportStatus>('GET', '/api/db/reports/status', { token: admin })).body;
    }
    expect(status.excludedBrands).toContainEqual({ id: quiet.id, name: quiet.name });
    expect(status.exclusionChanged).toBe(false);
    // The rebuild reads every figure source the shared stack holds, so it takes longer the later this file runs:
    // the test waits up to its own 60 s deadline, not the project's 30 s.
  }, 90_000);

  it('purchasing: spend and units by brand from the stream, on order now; INVENTORY without spend, SALES refused', async () => {
    const purchasing = await tokenFor('PURCHASING');
    const inventory = await tokenFor('INVENTORY');
    const created = await call<PurchaseOrder>('POST', '/api/db/purchases/new', {
      token: purchasing,
      body: {
        brandID: brand.id,
        expectedDeliveryOn: null,
        orderStatus: 'PENDING',
        notes: null,
        purchaseOrderItems: [{ productSku: product.sku, orderQuantity: 12, unitCost: 7.5 }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const q = `from=${monthStart}&to=${todayUtc()}&groupBy=brand&limit=500`;
    const deadline = Date.now() + 15_000;
    let r: PurchasesReport;
    for (;;) {
      const res = await call<PurchasesReport>('GET', `/api/db/reports/purchases?${q}`, { token: purchasing });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      r = res.body;
      if (r.series.some((s) => s.key === brand.id) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(r.series.find((s) => s.key === brand.id)).toMatchObject({
      label: brand.name,
      total: { units: 12, orders: 1, cost: 90 },
    });
    expect(r.onOrder.find((o) => o.brandId === brand.id)).toMatchObject({ orders: 1, units: 12, cost: 90 });
    // The total is every brand's, read from the whole's cells (not zero, not the shown rows only).
    const whole = await call<PurchasesReport>('GET', `/api/db/reports/purchases?from=${monthStart}&to=${todayUtc()}`, {
      token: purchasing,
    });
    expect(r.total).toEqual(whole.body.total);
    expect(r.total.cost).toBeGreaterThanOrEqual(90);
    const seen = await call<PurchasesReport>('GET', `/api/db/reports/purchases?${q}`, { token: inventory });
    expect(seen.status).toBe(200);
    expect(seen.body.series.find((s) => s.key === brand.id)?.total).toEqual({ units: 12, orders: 1 });
    expect(JSON.stringify(seen.body)).not.toMatch(/"cost"/);
    expect((await call('GET', `/api/db/reports/purchases?${q}`, { token: sales })).status).toBe(403);
    const byType = await call<PurchasesReport>(
      'GET',
      `/api/db/reports/purchases?from=${monthStart}&to=${todayUtc()}&brand=${brand.id}&groupBy=productType`,
      {
        token: purchasing,
      },
    );
    expect(byType.body.series).toEqual([
      expect.objectContaining({ key: `Figures type ${tag}`, total: { units: 12, orders: 1, cost: 90 } }),
    ]);
    const bad = await call<{ message: string }>(
      'GET',
      `/api/db/reports/purchases?from=${monthStart}&to=${todayUtc()}&interval=day`,
      {
        token: purchasing,
      },
    );
    expect([bad.status, bad.body.message]).toEqual([400, 'interval must be one of month, quarter (query.interval)']);
  });

  it('commission by rep and pay period: what the pay periods hold, for PAYROLL and ADMIN only', async () => {
    const payroll = await tokenFor('PAYROLL');
    const year = Number(today.slice(0, 4));
    const res = await call<CommissionReport>('GET', `/api/db/reports/commission?year=${year}`, { token: payroll });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body;
    expect(r.periods).toHaveLength(24);
    expect(r.periods[0]).toMatchObject({ key: `${year}-01-A`, from: `${year}-01-01`, to: `${year}-01-15` });
    expect(r.periods[23]).toMatchObject({ key: `${year}-12-B`, from: `${year}-12-16`, to: `${year}-12-31` });
    // Each period's figures are its rows' (the payroll page's own answer), and the reps add up to the total.
    const month = Number(today.slice(5, 7));
    for (const payPeriod of ['A', 'B'] as const) {
      const i = (month - 1) * 2 + (payPeriod === 'A' ? 0 : 1);
      const period = await call<{ users: Array<{ id: string; commission: number; ordersPaid: number }> }>(
        'GET',
        `/api/db/payroll/get/${year}/${month}/${payPeriod}`,
        { token: payroll },
      );
      expect(period.status).toBe(200);
      for (const row of period.body.users.filter((x) => x.commission !== 0 || x.ordersPaid !== 0))
        expect(r.reps.find((rep) => rep.userId === row.id)?.byPeriod[i]).toEqual({
          commission: row.commission,
          ordersPaid: row.ordersPaid,
        });
    }
    const cents = (n: number) => Math.round(n * 100);
    expect(r.reps.reduce((sum, rep) => sum + cents(rep.total.commission), 0)).toBe(cents(r.total.commission));
    expect(r.byPeriod.reduce((sum, p) => sum + p.ordersPaid, 0)).toBe(r.total.ordersPaid);
    expect((await call('GET', `/api/db/reports/commission?year=${year}`, { token: admin })).status).toBe(200);
    expect((await call('GET', `/api/db/reports/commission?year=${year}`, { token: sales })).status).toBe(403);
    const bad = await call<{ message: string }>('GET', '/api/db/reports/commission?year=1999', { token: payroll });
    expect([bad.status, bad.body.message]).toEqual([400, 'year must be a year from 2000 to 2099 (query.year)']);
  });
});
