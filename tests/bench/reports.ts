/**
 * Reports at scale (issue 25), for `npm run bench` (BENCH_ONLY=reports runs it alone), on its own stack:
 * - seeds 30 more brands of 40 products, 20 reps and 2,000 customers, then BENCH_REPORT_ORDERS (100,000) orders of
 *   10 lines (1,000,000 order lines) over the last 24 months through the bulk path, while the stack's stream
 *   consumers run: the sales figures consumer applies every order as it is written (throughput and catch-up);
 * - a steady 200 order writes a second for BENCH_REPORT_STEADY_S (30) seconds, and how far behind the consumer is
 *   when the writes stop (the time until the report counts them all);
 * - a rebuild of every figure from the records (POST reports/rebuild until reports/status says it finished);
 * - over HTTP, one request at a time, a year by month of each report shape (whole, split by each dimension, a
 *   filter, a filter split by customer, SALES's own customers, a comparison), each beside the bare Queries it
 *   needs made in process, and beside a naive recompute of the same year from the orders (read whole, `saleOf`
 *   added up) made once;
 * - the dashboard (GET reports/dashboard) when the route exists, as ADMIN and SALES.
 */
import { performance } from 'node:perf_hooks';
import {
  SALES_DIMENSIONS,
  addCounters,
  addCustomerBody,
  saleCells,
  saleOf,
  type Counters,
  type InventoryValuation,
  type Order,
  type ReceivablesReport,
  type ReportStatus,
  type SalesReport,
  type SlowMovers,
} from '@bo/shared';
import type { BulkPayment } from '@bo/functions/data/seed';
import {
  createCustomer,
  defaultLocationId,
  getCustomerItems,
  getWhole,
  listProductItems,
  batchGet,
  mapLimit,
  put,
  query,
  queryRaw,
  userEntity,
  type Actor,
  type ProductItem,
} from '@bo/functions/data';
import { readReportState, salesCellEntity } from '@bo/functions/data/reports';
import { LEDGER_PK } from '@bo/functions/data/stock-movements';
import { orderEntity } from '../../functions/src/data/orders/entity';
import { createOrdersBulk, createPaymentsBulk, type BulkOrder } from '@bo/functions/data/seed';
import { random } from '../../infra/local/src/random';
import { seedBenchBrand } from './purchasing-brand';
import type { Summary } from './section';

const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 20_000);
/** Reports are measured after the first quarter of the orders and again after all of them. */
const STAGES = [0.25, 1];
const LINES = 10;
const MONTHS = 24;
const CUSTOMERS = Number(process.env.BENCH_REPORT_CUSTOMERS ?? 2_000);
const REPS = 20;
const BRANDS = Number(process.env.BENCH_REPORT_BRANDS ?? 30);
const STEADY_S = Number(process.env.BENCH_REPORT_STEADY_S ?? 20);
const STEADY_RATE = 200;
const SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 30);
const DAY = 86_400_000;
/** Orders older than this many days are paid (see `payOlder`). */
const PAID_AFTER_DAYS = 45;

type Request = <T>(
  method: string,
  path: string,
  body?: unknown,
  role?: 'ADMIN' | 'SALES',
) => Promise<{ status: number; body: T }>;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function seed(now: number, salesId: string) {
  const started = performance.now();
  const products: ProductItem[] = [...(await listProductItems()).filter((p) => p.status === 'ACTIVE')];
  for (let b = 0; b < BRANDS; b++)
    products.push(
      ...(await seedBenchBrand(`Bench Figures ${b} ${Math.random().toString(36).slice(2, 5)}`, 40, actor)).products,
    );
  const at = new Date(now).toISOString();
  // The demo SALES user is the first rep: their own report is one rep's share of the whole.
  const reps = [salesId, ...Array.from({ length: REPS - 1 }, (_, i) => `bench-rep-${i + 1}`)];
  for (const [i, id] of reps.slice(1).entries())
    await put(userEntity, {
      id,
      username: id,
      name: `Bench Rep ${i + 1}`,
      email: `${id}@example.com`,
      role: ['SALES'],
      createdAt: at,
      modifiedOn: at,
    });
  const types = ['WHOLESALE', 'RETAIL', 'VIP'] as const;
  const customers = await mapLimit(
    Array.from({ length: CUSTOMERS }, (_, i) => i),
    8,
    (i) =>
      createCustomer(
        addCustomerBody.parse({
          customerName: `Bench Figures Buyer ${i + 1}`,
          type: types[i % 3],
          accountOwnerID: reps[i % REPS],
        }),
        actor,
      ),
  );
  const catalogMs = Math.round(performance.now() - started);
  const packingLocationId = await defaultLocationId();
  const rand = random(25);
  const order = (i: number, createdAt: string): BulkOrder => {
    const c = customers[Math.floor(rand() * customers.length)]!;
    const first = Math.floor(rand() * products.length);
    return {
      customer: { customerId: c.id, customerName: c.customerName, accountOwnerID: c.accountOwnerID },
      orderStatus: i % 33 === 0 ? 'CANCELLED' : i % 3 === 0 ? 'COMPLETED' : 'DELIVERED',
      createdAt,
      pickupOrder: true,
      packingLocationId,
      discountCents: i % 5 === 0 ? 250 : 0,
      lines: Array.from({ length: LINES }, (_, l) => ({
        product: products[(first + l * 7) % products.length]!,
        quantity: 1 + ((i + l) % 4),
        priceCents: 800 + ((i * 7 + l * 13) % 40) * 50,
      })),
    };
  };
  const span = MONTHS * 30 * DAY;
  /**
   * Customers pay their orders in full 30 days after them, so orders older than PAID_AFTER_DAYS are paid (the
   * owing index, which the dashboard's overdue customers and the ageing read, holds what a business that collects
   * holds: the last weeks' orders, not two years of them). Payments go through the bulk path, one per order.
   */
  const payOlder = async (made: readonly Order[]) => {
    const byCustomer = new Map<
      string,
      { customer: { customerId: string; customerName: string }; payments: BulkPayment[] }
    >();
    for (const o of made) {
      if (o.orderStatus === 'CANCELLED' || o.total <= 0 || Date.parse(o.createdAt) > now - PAID_AFTER_DAYS * DAY)
        continue;
      const entry = byCustomer.get(o.customerID) ?? {
        customer: { customerId: o.customerID, customerName: o.customer.customerName },
        payments: [],
      };
      entry.payments.push({
        order: { orderId: o.id, orderNum: o.orderNum },
        amountCents: Math.round(o.total * 100),
        paymentDate: day(Date.parse(o.createdAt) + 30 * DAY),
        paymentMethod: 'CHECK' as const,
      });
      byCustomer.set(o.customerID, entry);
    }
    await mapLimit([...byCustomer.values()], 4, (e) => createPaymentsBulk(e.customer, e.payments));
  };
  let next = 0;
  /** Writes `count` more orders spread over the last 24 months, oldest first (the last ones are this month's). */
  const writeOrders = async (count: number) => {
    const started = performance.now();
    const first = next;
    const at = (i: number) => new Date(now - span + ((i - first + 1) * span) / count).toISOString();
    for (let i = first; i < first + count; i += 50) {
      const made = await createOrdersBulk(
        Array.from({ length: Math.min(50, first + count - i) }, (_, k) => order(i + k, at(i + k))),
        actor,
      );
      await payOlder(made);
    }
    next += count;
    return Math.round(performance.now() - started);
  };
  return { customers, order, catalogMs, writeOrders, products };
}

/** The orders the figures count this month (the whole's month cell), read from the stored cells. */
async function countedThisMonth(now: number): Promise<number> {
  const state = await readReportState();
  if (!state?.active) return 0;
  const { items } = await query(
    salesCellEntity,
    'primary',
    { gen: state.active, month: day(now).slice(0, 7), scope: 'all' },
    {
      sort: { begins: { gran: 'M', key: '*' } },
    },
  );
  return Number(items[0]?.n ?? 0);
}

/** Waits until the figures count `expected` orders this month; how long that took. */
async function caughtUp(now: number, expected: number, limitMs = 1_800_000) {
  const started = performance.now();
  while ((await countedThisMonth(now)) < expected && performance.now() - started < limitMs)
    await new Promise((r) => setTimeout(r, 250));
  return Math.round(performance.now() - started);
}

/** The bare reads of a year by month: the month Queries of one scope (in parallel), as the report makes them. */
async function bareReads(gen: number, months: string[], scope: string, key?: string, attributes?: string[]) {
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
async function naive(months: string[]) {
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

async function timed(times: number, once: () => Promise<unknown>, summary: Summary) {
  const latencies: number[] = [];
  await once();
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await once();
    latencies.push(performance.now() - t);
  }
  return summary(latencies);
}

export async function reportsBench(request: Request, salesId: string, summary: Summary) {
  const now = Date.now();
  const seeded = await seed(now, salesId);
  const thisMonth = day(now).slice(0, 7);
  const countedOrders = async () =>
    (
      await query(orderEntity, 'byMonth', { createdMonth: thisMonth }, { attributes: ['orderId', 'orderStatus'] })
    ).items.filter((o) => o.orderStatus !== 'CANCELLED' && o.orderStatus !== 'DRAFT').length;
  const stages: Array<Record<string, unknown>> = [];
  let seededThisMonth = 0;
  let written = 0;
  for (const share of STAGES) {
    const count = Math.round(ORDERS * share) - written;
    const writeMs = await seeded.writeOrders(count);
    written += count;
    seededThisMonth = await countedOrders();
    const catchUpMs = await caughtUp(now, seededThisMonth);
    const stage = {
      orders: written,
      orderLines: written * LINES,
      writeMs,
      bulkWritesPerSecond: Math.round((count * 1000) / writeMs),
      figuresCatchUpAfterWritesMs: catchUpMs,
      figuresOrdersPerSecond: Math.round((count * 1000) / (writeMs + catchUpMs)),
      ...(await measureReports(request, salesId, seeded, now, summary)),
    };
    stages.push(stage);
    console.log('reports: stage', JSON.stringify(stage));
  }

  // A steady 200 order writes a second (chunks of 20 every 100 ms), then how long the figures take to count them.
  const steadyStart = performance.now();
  let steadyWritten = 0;
  // Of what it writes, the orders the figures count (every 33rd order is a cancelled one).
  let steadyCounted = 0;
  for (let tick = 0; tick < STEADY_S * 10; tick++) {
    const due = steadyStart + tick * 100;
    while (performance.now() < due) await new Promise((r) => setTimeout(r, 5));
    const chunk = Array.from({ length: STEADY_RATE / 10 }, (_, k) =>
      seeded.order(3 + 3 * (steadyWritten + k), new Date().toISOString()),
    );
    await createOrdersBulk(chunk, actor);
    steadyWritten += chunk.length;
    steadyCounted += chunk.filter((o) => o.orderStatus !== 'CANCELLED').length;
  }
  const steadyWriteS = (performance.now() - steadyStart) / 1000;
  const lagMs = await caughtUp(now, seededThisMonth + steadyCounted);
  const steady = {
    orders: steadyWritten,
    writeSeconds: Math.round(steadyWriteS * 10) / 10,
    achievedRate: Math.round(steadyWritten / steadyWriteS),
    lagAfterLastWriteMs: lagMs,
  };
  console.log('reports: steady', steady);

  // Rebuild.
  const rebuildStart = performance.now();
  await request<ReportStatus>('POST', '/db/reports/rebuild', {});
  let status: ReportStatus;
  do {
    await new Promise((r) => setTimeout(r, 1000));
    status = (await request<ReportStatus>('GET', '/db/reports/status', undefined)).body;
  } while (status.rebuilding && performance.now() - rebuildStart < 3_600_000);
  const rebuild = {
    ms: Math.round(performance.now() - rebuildStart),
    orders: status.lastRebuild?.orders,
    jobMs: status.lastRebuild?.ms,
    ordersPerSecond: Math.round(((status.lastRebuild?.orders ?? 0) * 1000) / (status.lastRebuild?.ms ?? 1)),
  };
  console.log('reports: rebuild', rebuild);

  return {
    orders: ORDERS,
    orderLines: ORDERS * LINES,
    customers: CUSTOMERS,
    products: seeded.products.length,
    catalogMs: seeded.catalogMs,
    stages,
    steady,
    rebuild,
  };
}

/** Reports of the last 12 whole months by month, each beside its bare Queries; the naive recompute; the dashboard. */
async function measureReports(
  request: Request,
  salesId: string,
  seeded: Awaited<ReturnType<typeof seed>>,
  now: number,
  summary: Summary,
) {
  // Reports of the last 12 whole months by month.
  const state = (await readReportState())!;
  const gen = state.active;
  const from = `${day(now - 365 * DAY).slice(0, 7)}-01`;
  const to = day(now);
  const months = Array.from({ length: 13 }, (_, i) => {
    const d = new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1 + i, 1));
    return d.toISOString().slice(0, 7);
  }).filter((m) => m <= to.slice(0, 7));
  const aBrand = seeded.products[0]!.brandID;
  const aCustomer = seeded.customers[0]!.id;
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
    reports[shape.name] = { rows, api, bare, ratioP50: Math.round((api.p50! / Math.max(bare.p50!, 0.01)) * 10) / 10 };
    console.log('reports:', shape.name, reports[shape.name]);
  }
  // The inventory and receivables reports: each beside the bare reads it needs.
  const pastMonth = months[0]!;
  const later = months.slice(1);
  const others: Array<{ name: string; path: string; bare: () => Promise<unknown>; rows: (b: unknown) => number }> = [
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
            [...months, 'all'].map((month) => ({
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
    reports[shape.name] = { rows, api, bare, ratioP50: Math.round((api.p50! / Math.max(bare.p50!, 0.01)) * 10) / 10 };
    console.log('reports:', shape.name, reports[shape.name]);
  }
  const naiveYear = await naive(months);
  console.log('reports: naive recompute', naiveYear);

  let dashboard: Record<string, unknown> | undefined;
  const probe = await request<unknown>('GET', '/db/reports/dashboard', undefined).catch(() => undefined);
  if (probe?.status === 200) {
    dashboard = {
      admin: await timed(SAMPLES, () => request('GET', '/db/reports/dashboard', undefined), summary),
      sales: await timed(SAMPLES, () => request('GET', '/db/reports/dashboard', undefined, 'SALES'), summary),
    };
    console.log('reports: dashboard', dashboard);
  }
  return { yearByMonth: reports, naiveRecompute: naiveYear, ...(dashboard ? { dashboard } : {}) };
}
