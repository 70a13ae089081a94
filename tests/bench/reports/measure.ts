/** The reports and the dashboard over HTTP, each beside the bare reads it needs; the naive recompute of a year. */
import { performance } from 'node:perf_hooks';
import {
  SALES_DIMENSIONS,
  addCounters,
  saleCells,
  saleOf,
  RECEIVABLES_TOTAL_MONTHS,
  type Counters,
  type InventoryValuation,
  type ReceivablesReport,
  type SalesReport,
  type SlowMovers,
  type PurchasesReport,
} from '@bo/shared';
import {
  get,
  getCustomerItems,
  getWhole,
  listProductItems,
  loadCatalogNames,
  batchGet,
  mapLimit,
  query,
  queryAll,
  queryRaw,
  readStockLedger,
} from '@bo/functions/data';
import { readReportState, reportStateEntity, salesCellEntity } from '@bo/functions/data/reports';
import { LEDGER_PK } from '@bo/functions/data/stock-movements';
import { orderEntity } from '../../../functions/src/data/orders/entity';
import { purchaseOrderEntity } from '../../../functions/src/data/purchases/entity';
import { readDashboard } from '../../../functions/src/data/dashboard';
import { openPayPeriod } from '../../../functions/src/data/dashboard/payroll';
import { JOB_QUEUE } from '../../../functions/src/data/job-queue';
import type { Summary } from '../section';
import { DASHBOARD_BUDGET_MS, DAY, day, type Request, REPORT_BUDGET_MS, round, SAMPLES } from './config';
import { cpuNow, cpuSince } from './probes';
import type { Catalogue } from './seed';

/** The bare reads of a year by month: the month Queries of one scope (in parallel), as the report makes them. */
export async function bareReads(gen: number, months: string[], scope: string, key?: string, attributes?: string[]) {
  await Promise.all(
    months.map((month) =>
      query(
        salesCellEntity,
        'primary',
        { gen, month, scope },
        {
          sort: { begins: key === undefined ? { gran: 'M' } : { gran: 'M', key } },
          ...(attributes ? { attributes } : {}),
        },
      ),
    ),
  );
}

/** The naive recompute of a year's total from the orders themselves: every order read whole and added up. */
export async function naive(months: string[]) {
  const started = performance.now();
  const total: Counters = {};
  let orders = 0;
  for (const month of months) {
    const headers = (
      await query(orderEntity, 'byMonth', { createdMonth: month }, { attributes: ['orderId', 'customerID'] })
    ).items;
    const types = new Map(
      (await getCustomerItems([...new Set(headers.map((h) => h.customerID))])).map((c) => [c.customerId, c.type]),
    );
    await mapLimit(headers, 16, async (h) => {
      const whole = await getWhole(h.orderId);
      if (!whole) return;
      const cells = saleCells(saleOf({ ...whole.header, lines: whole.lines }, types.get(h.customerID) ?? 'RETAIL'));
      for (const [id, c] of cells) if (id.includes('\u0001all\u0001M\u0001')) addCounters(total, c);
      orders++;
    });
  }
  return { ms: Math.round(performance.now() - started), orders, revenue: (total.r ?? 0) / 100 };
}

export async function timed(times: number, once: () => Promise<unknown>, summary: Summary) {
  const latencies: number[] = [];
  await once();
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await once();
    latencies.push(performance.now() - t);
  }
  return summary(latencies);
}

/**
 * Reports of the last 12 whole months by month, each beside its bare reads; the naive recompute; the dashboard
 * beside its bare reads and its assembly in process.
 */
export async function measureReports(
  request: Request,
  salesId: string,
  c: Catalogue,
  now: number,
  summary: Summary,
  root: number,
) {
  const mark = cpuNow(root);
  const state = (await readReportState())!;
  const gen = state.active;
  const from = `${day(now - 365 * DAY).slice(0, 7)}-01`;
  const to = day(now);
  const months = Array.from({ length: 13 }, (_, i) => {
    const d = new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1 + i, 1));
    return d.toISOString().slice(0, 7);
  }).filter((m) => m <= to.slice(0, 7));
  const aBrand = c.products[0]!.brandID;
  // A customer with orders in the year: the one of this month's first order.
  const aCustomer =
    (
      await query(
        orderEntity,
        'byMonth',
        { createdMonth: day(now).slice(0, 7) },
        { limit: 1, attributes: ['orderId', 'customerID'] },
      )
    ).items[0]?.customerID ?? c.customers[0]!.id;
  const totals = ['key', 'slot', 'r', 'u', 'c', 'n'];
  const shapes: Array<{ name: string; query: string; token?: 'SALES'; bare: () => Promise<unknown> }> = [
    { name: 'whole', query: '', bare: () => bareReads(gen, months, 'all', '*', totals) },
    ...SALES_DIMENSIONS.map((d) => ({
      name: `by ${d}`,
      query: `&groupBy=${d}`,
      bare: () =>
        Promise.all([bareReads(gen, months, d, undefined, totals), bareReads(gen, months, 'all', '*', totals)]),
    })),
    {
      name: 'brand filter by product type',
      query: `&brand=${aBrand}&groupBy=productType`,
      bare: () =>
        Promise.all([bareReads(gen, months, 'brand', aBrand), bareReads(gen, months, 'brand', aBrand, totals)]),
    },
    {
      name: 'brand filter by customer',
      query: `&brand=${aBrand}&groupBy=customer`,
      bare: () =>
        Promise.all([
          bareReads(gen, months, 'customer', undefined, [
            'key',
            'slot',
            ...['r', 'u', 'c', 'n'].map((m) => `brand|${aBrand}|${m}`),
          ]),
          bareReads(gen, months, 'brand', aBrand, totals),
        ]),
    },
    {
      name: 'customer filter',
      query: `&customer=${aCustomer}`,
      bare: () => bareReads(gen, months, 'customer', aCustomer, totals),
    },
    {
      name: 'compare last year',
      query: '&groupBy=brand&compare=lastYear',
      bare: () =>
        Promise.all([
          bareReads(gen, months, 'brand', undefined, totals),
          bareReads(gen, months, 'all', '*', totals),
          bareReads(gen, months, 'brand', undefined, totals),
          bareReads(gen, months, 'all', '*', totals),
        ]),
    },
    {
      name: 'SALES own customers by brand',
      query: '&groupBy=brand',
      token: 'SALES' as const,
      bare: () => Promise.all([bareReads(gen, months, 'rep', salesId), bareReads(gen, months, 'rep', salesId, totals)]),
    },
  ];
  const reports: Record<string, unknown> = {};
  const judge = (api: Record<string, number>, bare: Record<string, number>, budget: number) => ({
    ratioP50: round(api.p50! / Math.max(bare.p50!, 0.01)),
    budgetMs: budget,
    withinBudget: api.p50! <= budget,
  });
  for (const shape of shapes) {
    let rows = 0;
    const api = await timed(
      SAMPLES,
      async () => {
        const r = await request<SalesReport>(
          'GET',
          `/db/reports/sales?from=${from}&to=${to}&interval=month${shape.query}&limit=500`,
          undefined,
          shape.token,
        );
        rows = r.body.series.length;
      },
      summary,
    );
    const bare = await timed(SAMPLES, shape.bare, summary);
    reports[`sales: ${shape.name}`] = { rows, api, bare, ...judge(api, bare, REPORT_BUDGET_MS) };
    console.log('reports: sales', shape.name, reports[`sales: ${shape.name}`]);
  }
  // The purchasing, inventory and receivables reports: each beside the bare reads it needs.
  const pastMonth = months[0]!;
  const later = months.slice(1);
  const others: Array<{ name: string; path: string; bare: () => Promise<unknown>; rows: (b: unknown) => number }> = [
    {
      name: 'purchasing by brand',
      path: `/db/reports/purchases?from=${from}&to=${to}&interval=month&groupBy=brand`,
      bare: () =>
        Promise.all([
          ...months.map((month) =>
            query(
              salesCellEntity,
              'primary',
              { gen, month, scope: 'purchaseBrand' },
              { sort: { begins: { gran: 'M' } } },
            ),
          ),
          ...months.map((month) =>
            query(salesCellEntity, 'primary', { gen, month, scope: 'purchases' }, { sort: { begins: { gran: 'M' } } }),
          ),
          queryAll(
            purchaseOrderEntity,
            'onOrder',
            {},
            { attributes: ['brandID', 'brandName', 'unitQuantity', 'totalCents'] },
          ),
        ]),
      rows: (b) => (b as PurchasesReport).series?.length ?? 0,
    },
    {
      name: 'inventory valuation now',
      path: '/db/reports/inventoryValuation',
      bare: () => Promise.all([listProductItems(), queryRaw({ pkName: 'pk', pk: LEDGER_PK, skName: 'sk' })]),
      rows: (b) => (b as InventoryValuation).rows.length,
    },
    {
      name: `inventory valuation at the end of ${pastMonth}`,
      path: `/db/reports/inventoryValuation?asOf=${pastMonth}`,
      bare: () =>
        Promise.all([
          listProductItems(),
          queryRaw({ pkName: 'pk', pk: LEDGER_PK, skName: 'sk' }),
          ...later.map((m) => queryRaw({ pkName: 'pk', pk: `stockmoves#${m}`, skName: 'sk' })),
        ]),
      rows: (b) => (b as InventoryValuation).rows.length,
    },
    {
      name: 'slow movers (90 days)',
      path: '/db/reports/slowMovers?days=90',
      bare: () =>
        Promise.all([
          listProductItems(),
          queryRaw({ pkName: 'pk', pk: LEDGER_PK, skName: 'sk' }),
          ...months.slice(-4).map((m) => queryRaw({ pkName: 'pk', pk: `stockmoves#${m}`, skName: 'sk' })),
        ]),
      rows: (b) => (b as SlowMovers).products.length,
    },
    {
      name: 'receivables (12 months)',
      path: '/db/reports/receivables',
      bare: () =>
        Promise.all([
          query(orderEntity, 'owing', {}, { attributes: ['orderId', 'customerID', 'createdAt', 'subtotalCents'] }),
          batchGet(
            salesCellEntity,
            [...months, ...RECEIVABLES_TOTAL_MONTHS].map((month) => ({
              gen,
              month,
              scope: 'receivables',
              gran: 'M' as const,
              key: '*',
              slot: '-',
            })),
          ),
        ]),
      rows: (b) => (b as ReceivablesReport).months.length,
    },
  ];
  for (const shape of others) {
    let rows = 0;
    const api = await timed(
      SAMPLES,
      async () => {
        const r = await request<unknown>('GET', shape.path, undefined);
        rows = shape.rows(r.body);
      },
      summary,
    );
    const bare = await timed(SAMPLES, shape.bare, summary);
    reports[shape.name] = { rows, api, bare, ...judge(api, bare, REPORT_BUDGET_MS) };
    console.log('reports:', shape.name, reports[shape.name]);
  }
  const naiveYear = await naive(months);
  console.log('reports: naive recompute', naiveYear);

  // The dashboard: over HTTP as ADMIN and SALES, its assembly in process (readDashboard), and the reads it makes.
  const today = day(now);
  const thisMonth = today.slice(0, 7);
  const lastMonth = months.at(-2) ?? thisMonth;
  const dashboardBare = () =>
    Promise.all([
      get(reportStateEntity, { queue: JOB_QUEUE, name: 'reports' }, { consistent: true }),
      ...[lastMonth, thisMonth].flatMap((month) => [
        query(
          salesCellEntity,
          'primary',
          { gen, month, scope: 'rep' },
          { sort: { begins: { gran: 'M' } }, attributes: totals },
        ),
        query(
          salesCellEntity,
          'primary',
          { gen, month, scope: 'all' },
          { sort: { begins: { gran: 'M', key: '*' } }, attributes: totals },
        ),
      ]),
      queryAll(orderEntity, 'open', {}),
      queryAll(orderEntity, 'owing', {}).then((owing) =>
        getCustomerItems([...new Set(owing.map((x) => x.customerID))]),
      ),
      queryAll(purchaseOrderEntity, 'byStatus', { orderStatus: 'ORDERED' }),
      loadCatalogNames(),
      readStockLedger(),
      openPayPeriod(today),
    ]);
  const dashboard = {
    admin: await timed(SAMPLES, () => request('GET', '/db/reports/dashboard', undefined), summary),
    sales: await timed(SAMPLES, () => request('GET', '/db/reports/dashboard', undefined, 'SALES'), summary),
    adminInProcess: await timed(SAMPLES, () => readDashboard({ userId: 'bench', roles: ['ADMIN'] }), summary),
    bare: await timed(SAMPLES, dashboardBare, summary),
  };
  const dashboardJudged = {
    ...dashboard,
    ratioP50: round(dashboard.admin.p50! / Math.max(dashboard.bare.p50!, 0.01)),
    budgetMs: DASHBOARD_BUDGET_MS,
    withinBudget: dashboard.admin.p50! <= DASHBOARD_BUDGET_MS && dashboard.sales.p50! <= DASHBOARD_BUDGET_MS,
    note: 'bare = the Queries and Gets of every ADMIN section at once (report state, month cells by rep and in all for two months, open and owing indexes with the owing customers, ordered purchase orders, catalogue names, stock ledger, pay period)',
  };
  console.log('reports: dashboard', dashboardJudged);
  return {
    yearByMonth: reports,
    naiveRecompute: naiveYear,
    dashboard: dashboardJudged,
    readsCost: cpuSince(root, mark),
  };
}
