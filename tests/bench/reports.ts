/**
 * Reports at the issue's scale (issues 25 and 29), for `npm run bench` (BENCH_ONLY=reports runs it alone), on its
 * own stack (results under `reportsScale`):
 * - seeds 30 brands of 40 products, 20 reps and 2,000 customers, then BENCH_REPORT_ORDERS (100,000) orders of 10
 *   lines (1,000,000 order lines) over the last 24 months through the bulk path (`createOrdersBulk`: the items the
 *   API writes, by BatchWriteItem), orders older than 45 days paid (`createPaymentsBulk`), and
 *   BENCH_REPORT_MOVEMENTS (1,000,000) stock movements: the product history entries the stock-movements consumer
 *   writes for each line that moved stock (`movementEntry`, by BatchWriteItem; their months' movement items come
 *   with the orders), the rest as restocks (entries, ledger and month items). The seeding computes no figure: the
 *   report state is cleared first, so the stream's consumers skip what it writes, and the figures are then made by
 *   a rebuild (POST reports/rebuild, timed to its end);
 * - over HTTP, one request at a time, a year by month of each report (every sales shape, purchasing by brand,
 *   inventory valuation now and at a month end, slow movers, receivables), each beside the bare reads it needs
 *   made in process, a naive recompute of the year from the orders, and the dashboard (ADMIN, SALES) beside its
 *   bare reads and its assembly in process;
 * - the dispatcher's throughput in order writes a second: live (orders written as fast as the bulk path writes,
 *   until the figures count them all: what the stack's one poller, the dispatcher and DynamoDB Local manage
 *   together), then replayed: real stream batches of order writes recorded while the consumers skipped them, handed
 *   to the dispatcher's handler in process as Lambda would (one shard, then four at once);
 * - a second rebuild, then the purge of the generation it replaced (every item marked to expire), timed;
 * - for every phase, the CPU each process used (the bench, the stack's node, DynamoDB Local's JVM) and so what
 *   limited it, and DynamoDB Local's memory (resident, and its Java heap).
 */
import { execFileSync } from 'node:child_process';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Context, DynamoDBRecord } from 'aws-lambda';
import {
  SALES_DIMENSIONS,
  addCounters,
  addCustomerBody,
  saleCells,
  saleOf,
  RECEIVABLES_TOTAL_MONTHS,
  type Counters,
  type InventoryValuation,
  type ReceivablesReport,
  type ReportStatus,
  type SalesReport,
  type SlowMovers,
  type PurchasesReport,
} from '@bo/shared';
import type { BulkPayment } from '@bo/functions/data/seed';
import {
  applyLedgerChanges,
  changeLogEntity,
  createCustomer,
  defaultLocationId,
  dynamoClient,
  get,
  getCustomerItems,
  getWhole,
  listProductItems,
  loadCatalogNames,
  batchGet,
  mapLimit,
  put,
  query,
  queryAll,
  queryRaw,
  readStockLedger,
  remove,
  userEntity,
  type Actor,
  type LedgerChange,
  type ProductItem,
} from '@bo/functions/data';
import { readReportState, reportStateEntity, salesCellEntity, type ReportStateItem } from '@bo/functions/data/reports';
import { LEDGER_PK, movementEntry } from '@bo/functions/data/stock-movements';
import { batchPut } from '../../functions/src/data/core/batch-write';
import { orderEntity } from '../../functions/src/data/orders/entity';
import { purchaseOrderEntity } from '../../functions/src/data/purchases/entity';
import { readDashboard } from '../../functions/src/data/dashboard';
import { openPayPeriod } from '../../functions/src/data/dashboard/payroll';
import { applyMonthMoves, markRecordedSince, type ProductMove } from '../../functions/src/data/stock-moves/months';
import { JOB_QUEUE } from '../../functions/src/data/job-queue';
import { createOrdersBulk, createPaymentsBulk, type BulkOrder } from '@bo/functions/data/seed';
import { mappingFilters, matchesConsumer } from '@bo/events/consumers';
import { DISPATCHER_BATCH_SIZE } from '../../infra/cdk/lib/stacks/jobs-stack';
import type { StackInfo } from '../../infra/local/src/stack-info';
import { random } from '../../infra/local/src/random';
import { pollerCaughtUp, ticksOf, tree } from './idle';
import { seedBenchBrand } from './purchasing-brand';
import type { Summary } from './section';
import { tableStream } from './stream-record';

const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 100_000);
const LINES = 10;
const MOVEMENTS = Number(process.env.BENCH_REPORT_MOVEMENTS ?? ORDERS * LINES);
const MONTHS = 24;
const CUSTOMERS = Number(process.env.BENCH_REPORT_CUSTOMERS ?? 2_000);
const REPS = 20;
const BRANDS = Number(process.env.BENCH_REPORT_BRANDS ?? 30);
const PRODUCTS_PER_BRAND = 40;
/** Orders per bulk call: the ledger, movement months and customers' owed figures are written once per call. */
const CHUNK = 500;
const SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 30);
/** Orders written for the live throughput, and for each replay (one shard, four shards): about a minute each. */
const LIVE_ORDERS = Number(process.env.BENCH_REPORT_LIVE_ORDERS ?? Math.max(200, Math.min(1_000, ORDERS / 20)));
const REPLAY_ORDERS = Number(process.env.BENCH_REPORT_REPLAY_ORDERS ?? Math.max(400, Math.min(1_000, ORDERS / 20)));
const REPLAY_SHARDS = [1, 4];
/**
 * A second rebuild and its purge of the first generation: by default only up to 20,000 orders (1 runs them at any
 * size, 0 never): at the full scale they need more memory than DynamoDB Local has on a 23 GB machine (see below).
 */
const PURGE = process.env.BENCH_REPORT_PURGE ? process.env.BENCH_REPORT_PURGE !== '0' : ORDERS <= 20_000;
/**
 * What DynamoDB Local holds in memory per order, outside its Java heap (its SQLite store: the items, five indexes
 * that project every attribute, and the stream's records with old and new images, kept 24 hours), measured at 5,000
 * orders on 2026-11-29: 117 KB per seeded order (its lines, movements and payment included), 187 KB per order a
 * rebuild recomputes (cells and contributions, each write's stream record), 300 KB per order written live or replayed.
 */
const SEED_KB_PER_ORDER = 117;
const REBUILD_KB_PER_ORDER = 187;
const DISPATCHED_KB_PER_ORDER = 300;
/** The budgets: a report's year by month, the dashboard (p50), the dispatcher. */
const REPORT_BUDGET_MS = 150;
const DASHBOARD_BUDGET_MS = 200;
const DISPATCHER_TARGET = 200;
const DAY = 86_400_000;
/** Orders older than this many days are paid (see `payOlder`). */
const PAID_AFTER_DAYS = 45;
/** Units a restock movement adds. */
const RESTOCK_UNITS = 60;

type Request = <T>(
  method: string,
  path: string,
  body?: unknown,
  role?: 'ADMIN' | 'SALES',
) => Promise<{ status: number; body: T }>;

export interface ReportsBenchOptions {
  request: Request;
  salesId: string;
  summary: Summary;
  /** The stack's process (its node and DynamoDB Local's JVM are its children), folder and endpoints. */
  stack: { pid: number; dir: string; info: StackInfo };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const rate = (count: number, ms: number) => Math.round((count * 1000) / Math.max(ms, 1));

/* ---------- What each phase cost: CPU by process, and DynamoDB Local's memory ---------- */

/** CPU seconds so far of the bench (this process), the stack's node processes and DynamoDB Local's JVM. */
function cpuNow(root: number) {
  const usage = process.cpuUsage();
  let stack = 0;
  let dynamodbLocal = 0;
  for (const [pid, name] of tree(root)) {
    if (name === 'java') dynamodbLocal += ticksOf(pid) / 100;
    else stack += ticksOf(pid) / 100;
  }
  // The whole machine (other people's work included): /proc/stat's first line, busy = all but idle and iowait.
  const all = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const machine = (all.reduce((a, b) => a + b, 0) - all[3]! - (all[4] ?? 0)) / 100;
  return { at: performance.now(), bench: (usage.user + usage.system) / 1e6, stack, dynamodbLocal, machine };
}
type CpuMark = ReturnType<typeof cpuNow>;

/**
 * What a phase cost since `from`, in cores busy on average (1 = one core all the time), and what limited it: the
 * CPU when the machine's two cores were busy (saying how much of it was other processes'), DynamoDB Local when its
 * JVM kept a core busy, DynamoDB Local's answers when it worked most but below a core (it serialises transactions:
 * the run waits on them), else the process that worked most.
 */
function cpuSince(root: number, from: CpuMark) {
  const to = cpuNow(root);
  const seconds = (to.at - from.at) / 1000;
  const cores = (a: number, b: number) => round((b - a) / Math.max(seconds, 0.001), 2);
  const used = {
    bench: cores(from.bench, to.bench),
    stack: cores(from.stack, to.stack),
    dynamodbLocal: cores(from.dynamodbLocal, to.dynamodbLocal),
  };
  const total = round(used.bench + used.stack + used.dynamodbLocal, 2);
  const machine = cores(from.machine, to.machine);
  const others = round(Math.max(0, machine - total), 2);
  const busiest = (Object.entries(used) as Array<[keyof typeof used, number]>).sort((a, b) => b[1] - a[1])[0]!;
  const names = { bench: 'the bench process', stack: "the stack's node", dynamodbLocal: 'DynamoDB Local' };
  const limitedBy =
    machine >= 1.8
      ? `CPU: both cores busy (this run ${total}, other processes ${others})`
      : used.dynamodbLocal >= 0.85
        ? `DynamoDB Local's CPU (its JVM ${used.dynamodbLocal} cores)`
        : busiest[0] === 'dynamodbLocal'
          ? `DynamoDB Local's answers (its JVM ${used.dynamodbLocal} cores, the run ${total} of 2: it serialises transactions and the run waits on them)`
          : `${names[busiest[0]]} (${busiest[1]} cores)`;
  return { seconds: round(seconds), coresBusy: { ...used, total, otherProcesses: others }, limitedBy };
}

/** DynamoDB Local's resident memory and Java heap (MB), from /proc and `jcmd GC.heap_info`. */
function dynamoMemory(root: number) {
  const java = [...tree(root)].find(([, name]) => name === 'java')?.[0];
  if (!java) return undefined;
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${java}/status`, 'utf8'))?.[1];
  let heap: Record<string, number> | undefined;
  try {
    const info = execFileSync('jcmd', [String(java), 'GC.heap_info'], { encoding: 'utf8', timeout: 20_000 });
    const sizes = /heap\s+total (\d+)K, used (\d+)K/.exec(info);
    const flags = execFileSync('jcmd', [String(java), 'VM.flags'], { encoding: 'utf8', timeout: 20_000 });
    const max = /MaxHeapSize=(\d+)/.exec(flags)?.[1];
    heap = {
      ...(sizes
        ? { committedMB: Math.round(Number(sizes[1]) / 1024), usedMB: Math.round(Number(sizes[2]) / 1024) }
        : {}),
      ...(max ? { maxMB: Math.round(Number(max) / 2 ** 20) } : {}),
    };
  } catch {
    heap = undefined;
  }
  const residentMB = rss ? Math.round(Number(rss) / 1024) : undefined;
  return {
    residentMB,
    ...(heap ? { heap } : {}),
    // What SQLite holds in memory (the table, its indexes, the stream's records) is outside the Java heap.
    ...(residentMB && heap?.committedMB ? { outsideHeapMB: residentMB - heap.committedMB } : {}),
  };
}

/** DynamoDB Local's memory beside the number of items its table holds (DescribeTable, exact on DynamoDB Local). */
async function memoryNow(root: number, info: StackInfo) {
  const db = new DynamoDBClient({
    endpoint: info.dynamodb.endpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { Table } = await db.send(new DescribeTableCommand({ TableName: info.dynamodb.tableName }));
  db.destroy();
  return {
    tableItems: Table?.ItemCount,
    tableMB: Math.round((Table?.TableSizeBytes ?? 0) / 2 ** 20),
    ...dynamoMemory(root),
  };
}

/* ---------- Seeding ---------- */

async function seedCatalogue(now: number, salesId: string) {
  const started = performance.now();
  const products: ProductItem[] = [];
  for (let b = 0; b < BRANDS; b++)
    products.push(
      ...(
        await seedBenchBrand(`Bench Figures ${b} ${Math.random().toString(36).slice(2, 5)}`, PRODUCTS_PER_BRAND, actor)
      ).products,
    );
  // Opening stock enough for every order (a ledger write without a cause: no history entry, as seeding does).
  const opening = Math.ceil((ORDERS * LINES * 2.5 * 1.5) / products.length) + 100;
  await applyLedgerChanges(
    products.map((p) => ({ kind: 'add' as const, productId: p.productId, counter: 'stock' as const, amount: opening })),
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
  const packingLocationId = await defaultLocationId();
  const stock = new Map(products.map((p) => [p.productId, opening]));
  return { products, customers, packingLocationId, stock, ms: Math.round(performance.now() - started) };
}
type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/** The bench's orders: 10 lines each, every 33rd cancelled, a third completed, the rest delivered. */
function orderMaker(c: Catalogue) {
  const rand = random(25);
  return (i: number, createdAt: string): BulkOrder => {
    const customer = c.customers[Math.floor(rand() * c.customers.length)]!;
    const first = Math.floor(rand() * c.products.length);
    return {
      customer: {
        customerId: customer.id,
        customerName: customer.customerName,
        accountOwnerID: customer.accountOwnerID,
      },
      orderStatus: i % 33 === 0 ? 'CANCELLED' : i % 3 === 0 ? 'COMPLETED' : 'DELIVERED',
      createdAt,
      pickupOrder: true,
      packingLocationId: c.packingLocationId,
      discountCents: i % 5 === 0 ? 250 : 0,
      lines: Array.from({ length: LINES }, (_, l) => ({
        product: c.products[(first + l * 7) % c.products.length]!,
        quantity: 1 + ((i + l) % 4),
        priceCents: 800 + ((i * 7 + l * 13) % 40) * 50,
      })),
    };
  };
}
const counted = (orders: readonly BulkOrder[]) => orders.filter((o) => o.orderStatus !== 'CANCELLED').length;

/**
 * The stock movements of some orders as the stock-movements consumer records them (one history entry per product
 * an order moved, stock before and after; their month items come with the bulk orders), and `restocks` more:
 * purchase receipts of RESTOCK_UNITS, written as entries, month items and ledger adds.
 */
async function writeMovements(
  c: Catalogue,
  orders: readonly BulkOrder[],
  made: readonly { id: string; orderNum: string }[],
  restocks: number,
) {
  const entries: ReturnType<typeof movementEntry>[] = [];
  orders.forEach((o, i) => {
    if (o.orderStatus === 'CANCELLED') return;
    const cause = {
      move: `bench-move-${made[i]!.id}`,
      at: o.createdAt,
      userId: actor.userId,
      userName: actor.name!,
      order: { id: made[i]!.id, orderNum: made[i]!.orderNum, status: o.orderStatus },
    };
    for (const line of o.lines) {
      const before = c.stock.get(line.product.productId)!;
      c.stock.set(line.product.productId, before - line.quantity);
      entries.push(
        movementEntry(cause, { productId: line.product.productId, stock: [before, before - line.quantity] }),
      );
    }
  });
  const last = orders.at(-1)?.createdAt ?? new Date().toISOString();
  const months = new Map<string, ProductMove[]>();
  const ledger: LedgerChange[] = [];
  for (let r = 0; r < restocks; r++) {
    const product = c.products[(entries.length + r * 13) % c.products.length]!;
    const at = new Date(
      Date.parse(orders[r % Math.max(orders.length, 1)]?.createdAt ?? last) + 3_600_000,
    ).toISOString();
    const before = c.stock.get(product.productId)!;
    c.stock.set(product.productId, before + RESTOCK_UNITS);
    entries.push(
      movementEntry(
        {
          move: `bench-restock-${r}-${at}`,
          at,
          userId: actor.userId,
          userName: actor.name!,
          order: { id: `bench-po-${r}`, orderNum: String(90_000 + r), status: 'RECEIVED', kind: 'purchaseOrder' },
        },
        { productId: product.productId, stock: [before, before + RESTOCK_UNITS] },
      ),
    );
    const month = at.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), { productId: product.productId, units: RESTOCK_UNITS }]);
    ledger.push({ kind: 'add', productId: product.productId, counter: 'stock', amount: RESTOCK_UNITS });
  }
  await batchPut(changeLogEntity, entries, { concurrency: 8 });
  if (ledger.length) await applyLedgerChanges(ledger);
  for (const [month, moves] of months) await applyMonthMoves(`${month}-15`, moves);
  return entries.length;
}

/**
 * Customers pay their orders in full 30 days after them, so orders older than PAID_AFTER_DAYS are paid (the
 * owing index, which the dashboard's overdue customers and the ageing read, holds what a business that collects
 * holds). Payments go through the bulk path, one per order.
 */
async function payOlder(
  now: number,
  orders: readonly BulkOrder[],
  made: readonly { id: string; orderNum: string; total: number }[],
) {
  const byCustomer = new Map<
    string,
    { customer: { customerId: string; customerName: string }; payments: BulkPayment[] }
  >();
  orders.forEach((o, i) => {
    const m = made[i]!;
    if (o.orderStatus === 'CANCELLED' || m.total <= 0 || Date.parse(o.createdAt) > now - PAID_AFTER_DAYS * DAY) return;
    const entry = byCustomer.get(o.customer.customerId) ?? {
      customer: { customerId: o.customer.customerId, customerName: o.customer.customerName },
      payments: [],
    };
    entry.payments.push({
      order: { orderId: m.id, orderNum: m.orderNum },
      amountCents: Math.round(m.total * 100),
      paymentDate: day(Date.parse(o.createdAt) + 30 * DAY),
      paymentMethod: 'CHECK' as const,
    });
    byCustomer.set(o.customer.customerId, entry);
  });
  await mapLimit([...byCustomer.values()], 8, (e) => createPaymentsBulk(e.customer, e.payments));
  return [...byCustomer.values()].reduce((n, e) => n + e.payments.length, 0);
}

/* ---------- Figures ---------- */

/** The orders the figures count this month (the whole's month cell), read from the stored cells. */
async function countedThisMonth(now: number): Promise<number> {
  const state = await readReportState();
  if (!state?.active) return 0;
  const { items } = await query(
    salesCellEntity,
    'primary',
    { gen: state.active, month: day(now).slice(0, 7), scope: 'all' },
    { sort: { begins: { gran: 'M', key: '*' } } },
  );
  return Number(items[0]?.n ?? 0);
}

/** Waits until the figures count `expected` orders this month; when that was (performance.now()). */
async function caughtUp(now: number, expected: number, limitMs = 3_600_000) {
  const started = performance.now();
  while ((await countedThisMonth(now)) < expected && performance.now() - started < limitMs)
    await new Promise((r) => setTimeout(r, 100));
  return performance.now();
}

/** POST reports/rebuild, then reports/status until it is no longer rebuilding. */
async function rebuild(request: Request) {
  const started = performance.now();
  await request<ReportStatus>('POST', '/db/reports/rebuild', {});
  let status: ReportStatus;
  do {
    await new Promise((r) => setTimeout(r, 1000));
    status = (await request<ReportStatus>('GET', '/db/reports/status', undefined)).body;
  } while (status.rebuilding && performance.now() - started < 6 * 3_600_000);
  return {
    ms: Math.round(performance.now() - started),
    orders: status.lastRebuild?.orders,
    jobMs: status.lastRebuild?.ms,
    ordersPerSecond: rate(status.lastRebuild?.orders ?? 0, status.lastRebuild?.ms ?? 1),
  };
}

/* ---------- The bench ---------- */

/**
 * DynamoDB Local's memory this run will need (GB, its heap at most 2 GB), against what the machine has free: a run
 * that cannot fit stops before seeding rather than hours in (BENCH_REPORT_FORCE=1 runs it anyway).
 */
function checkMemory() {
  const rebuilt = ORDERS * (PURGE ? 2 : 1);
  const dispatched = LIVE_ORDERS + REPLAY_ORDERS * REPLAY_SHARDS.length;
  const needGB = round(
    (ORDERS * SEED_KB_PER_ORDER + rebuilt * REBUILD_KB_PER_ORDER + dispatched * DISPATCHED_KB_PER_ORDER) / 2 ** 20 + 2,
  );
  const freeKB = Number(/MemAvailable:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0);
  const freeGB = round(freeKB / 2 ** 20);
  console.log(`reports: DynamoDB Local will need about ${needGB} GB; ${freeGB} GB are available`);
  if (needGB > freeGB * 0.9 && process.env.BENCH_REPORT_FORCE !== '1')
    throw new Error(
      `reports: ${ORDERS} orders need about ${needGB} GB in DynamoDB Local, ${freeGB} GB are available: fewer orders ` +
        '(BENCH_REPORT_ORDERS), BENCH_REPORT_PURGE=0, or BENCH_REPORT_FORCE=1 to try anyway',
    );
  return { neededGB: needGB, availableGB: freeGB };
}

export async function reportsBench(o: ReportsBenchOptions) {
  const { request, salesId, summary } = o;
  const root = o.stack.pid;
  const memoryCheck = checkMemory();
  const now = Date.now();
  const memory: Record<string, unknown> = { afterStart: await memoryNow(root, o.stack.info) };

  let mark = cpuNow(root);
  const catalogue = await seedCatalogue(now, salesId);
  const catalogueCost = cpuSince(root, mark);
  console.log(`reports: catalogue ${catalogue.products.length} products, ${CUSTOMERS} customers`, catalogueCost);

  // The consumers skip what the seeding writes: no generation is live (the report state is gone) until the rebuild.
  await remove(reportStateEntity, { queue: JOB_QUEUE, name: 'reports' });

  const make = orderMaker(catalogue);
  const span = MONTHS * 30 * DAY;
  const at = (i: number) => new Date(now - span + ((i + 1) * span) / ORDERS).toISOString();
  const seeded = {
    orders: 0,
    payments: 0,
    movements: 0,
    ordersMs: 0,
    paymentsMs: 0,
    movementsMs: 0,
  };
  const thisMonth = day(now).slice(0, 7);
  mark = cpuNow(root);
  const seedStarted = performance.now();
  for (let i = 0; i < ORDERS; i += CHUNK) {
    const orders = Array.from({ length: Math.min(CHUNK, ORDERS - i) }, (_, k) => make(i + k, at(i + k)));
    let t = performance.now();
    const made = await createOrdersBulk(orders, actor);
    seeded.ordersMs += performance.now() - t;
    t = performance.now();
    seeded.payments += await payOlder(now, orders, made);
    seeded.paymentsMs += performance.now() - t;
    t = performance.now();
    // The movements past the orders' own (restocks), spread over the chunks.
    const share = Math.max(0, MOVEMENTS - Math.round(ORDERS * LINES * (32 / 33)));
    const restocks = Math.round((share * (i + orders.length)) / ORDERS) - Math.round((share * i) / ORDERS);
    seeded.movements += await writeMovements(catalogue, orders, made, restocks);
    seeded.movementsMs += performance.now() - t;
    seeded.orders += orders.length;
    if ((i / CHUNK) % 20 === 19 || i + CHUNK >= ORDERS)
      console.log(
        `reports: seeded ${seeded.orders} orders, ${seeded.payments} payments, ${seeded.movements} movements in ${Math.round((performance.now() - seedStarted) / 1000)} s`,
      );
  }
  await markRecordedSince(day(now - span).slice(0, 7));
  const seedMs = performance.now() - seedStarted;
  const seedCost = cpuSince(root, mark);
  mark = cpuNow(root);
  const stream = await tableStream(o.stack.info);
  const pollerMs = await pollerCaughtUp(o.stack.info, o.stack.dir, stream.streamArn);
  const pollerCost = cpuSince(root, mark);
  memory.afterSeed = await memoryNow(root, o.stack.info);
  const seed = {
    orders: seeded.orders,
    orderLines: seeded.orders * LINES,
    payments: seeded.payments,
    stockMovements: seeded.movements,
    customers: CUSTOMERS,
    products: catalogue.products.length,
    catalogueMs: catalogue.ms,
    ms: Math.round(seedMs),
    ordersPerSecond: rate(seeded.orders, seeded.ordersMs),
    paymentsPerSecond: rate(seeded.payments, seeded.paymentsMs),
    movementsPerSecond: rate(seeded.movements, seeded.movementsMs),
    cost: seedCost,
    pollerCatchUpAfterSeed: { ms: pollerMs, cost: pollerCost },
    note: 'bulk path (BatchWriteItem of the items the API writes); no figure computed: the report state was cleared, so the consumers skipped every record',
  };
  console.log('reports: seed', seed, memory.afterSeed);

  // The figures, made by the rebuild job from the records.
  mark = cpuNow(root);
  const built = { ...(await rebuild(request)), cost: cpuSince(root, mark) };
  memory.afterRebuild = await memoryNow(root, o.stack.info);
  console.log('reports: rebuild', built, memory.afterRebuild);
  const inMonth = await countedThisMonth(now);
  const ordersInMonth = (
    await queryAll(orderEntity, 'byMonth', { createdMonth: thisMonth }, { attributes: ['orderId', 'orderStatus'] })
  ).filter((x) => x.orderStatus !== 'CANCELLED' && x.orderStatus !== 'DRAFT').length;
  if (inMonth !== ordersInMonth)
    throw new Error(`the rebuilt figures count ${inMonth} orders this month; the table holds ${ordersInMonth}`);

  const reports = await measureReports(request, salesId, catalogue, now, summary, root);

  const live = await liveThroughput(catalogue, now, root);
  console.log('reports: dispatcher live', live);
  const replay = await replayThroughput(o, catalogue, now, root);
  console.log('reports: dispatcher replayed', replay);
  memory.afterDispatcher = await memoryNow(root, o.stack.info);

  let second: Record<string, unknown> | undefined;
  if (PURGE) {
    const replaced = (await readReportState())!.active;
    mark = cpuNow(root);
    const again = { ...(await rebuild(request)), cost: cpuSince(root, mark) };
    mark = cpuNow(root);
    const purgeStarted = performance.now();
    let state: ReportStateItem | undefined;
    let marked = 0;
    do {
      await new Promise((r) => setTimeout(r, 1000));
      state = await readReportState();
      marked = state?.purging?.find((p) => p.gen === replaced)?.marked ?? marked;
    } while (state?.purging?.some((p) => p.gen === replaced) && performance.now() - purgeStarted < 6 * 3_600_000);
    second = {
      rebuild: again,
      purgeOfTheGenerationBefore: {
        ms: Math.round(performance.now() - purgeStarted),
        itemsMarkedBeforeItsLastStep: marked,
        itemsMarkedPerSecond: rate(marked, performance.now() - purgeStarted),
        cost: cpuSince(root, mark),
        note: 'every cell and contribution of the generation replaced marked with expiresAt (REPORT_PURGE_SETTLE_SECONDS=0 on this stack; 600 s by default); DynamoDB Local keeps expired items',
      },
    };
    memory.afterSecondRebuild = await memoryNow(root, o.stack.info);
    console.log('reports: second rebuild and purge', second, memory.afterSecondRebuild);
  }
  stream.close();

  return {
    measuredAt: new Date().toISOString(),
    scale: { orders: ORDERS, orderLines: ORDERS * LINES, stockMovements: MOVEMENTS, months: MONTHS },
    seed,
    rebuild: built,
    ...reports,
    dispatcher: { targetOrderWritesPerSecond: DISPATCHER_TARGET, live, replayed: replay },
    ...(second ? { secondRebuild: second } : {}),
    dynamodbLocalMemory: { estimated: memoryCheck, ...memory },
  };
}

/**
 * Orders written as fast as the bulk path writes them (today's, in calls of 100) while the stack's poller hands them
 * to the dispatcher; the figures' lag after the last write, and the order writes a second applied end to end.
 */
async function liveThroughput(c: Catalogue, now: number, root: number) {
  const make = orderMaker(c);
  const before = await countedThisMonth(now);
  const mark = cpuNow(root);
  const started = performance.now();
  let expected = 0;
  for (let i = 0; i < LIVE_ORDERS; i += 100) {
    const orders = Array.from({ length: Math.min(100, LIVE_ORDERS - i) }, (_, k) =>
      make(1 + 3 * (i + k), new Date().toISOString()),
    );
    await createOrdersBulk(orders, actor);
    expected += counted(orders);
  }
  const written = performance.now();
  const done = await caughtUp(now, before + expected);
  return {
    orders: LIVE_ORDERS,
    writeMs: Math.round(written - started),
    writesPerSecond: rate(LIVE_ORDERS, written - started),
    lagAfterLastWriteMs: Math.round(done - written),
    appliedOrderWritesPerSecond: rate(LIVE_ORDERS, done - started),
    cost: cpuSince(root, mark),
    note: 'one DynamoDB Local and two cores for the writer, the stream poller, the dispatcher and the emulator',
  };
}

/**
 * Real stream batches through the dispatcher's handler in process, as Lambda would hand them over: order writes are
 * recorded from the table's stream while no generation is live (the report state's `active` set to 0: the stack's
 * consumers skip them), the state is put back once the stack's poller has passed them, and the batches (the records
 * the mapping's filters let through, DISPATCHER_BATCH_SIZE a batch) are run through the handler, on one shard in
 * order, then on four at once (each order's records on one shard, as DynamoDB partitions them). The figures then
 * count every order, checked.
 */
async function replayThroughput(o: ReportsBenchOptions, c: Catalogue, now: number, root: number) {
  // As the local stack runs its handlers: no metrics written to stdout, warnings and errors logged.
  process.env.POWERTOOLS_DEV = 'true';
  const { handler } = await import('../../events/src/stream/dispatcher');
  const make = orderMaker(c);
  const stream = await tableStream(o.stack.info);
  const state = (await readReportState())!;
  await put(reportStateEntity, { ...state, active: 0, version: state.version + 1 });
  const from = await stream.now();
  const lots: Array<{ ids: Set<string>; counted: number }> = [];
  for (const n of REPLAY_SHARDS.keys()) {
    const lot = { ids: new Set<string>(), counted: 0 };
    for (let i = 0; i < REPLAY_ORDERS; i += 100) {
      const orders = Array.from({ length: Math.min(100, REPLAY_ORDERS - i) }, (_, k) =>
        make(2 + 3 * (n * REPLAY_ORDERS + i + k), new Date().toISOString()),
      );
      for (const made of await createOrdersBulk(orders, actor)) lot.ids.add(made.id);
      lot.counted += counted(orders);
    }
    lots.push(lot);
  }
  const filters = mappingFilters();
  const records = (await stream.since(from)).filter((r) =>
    filters.some((f) => matchesConsumer({ pk: f.pk, eventNames: f.eventNames, entity: f.entities }, r as never)),
  );
  stream.close();
  await pollerCaughtUp(o.stack.info, o.stack.dir, stream.streamArn);
  const paused = (await get(reportStateEntity, { queue: JOB_QUEUE, name: 'reports' }, { consistent: true }))!;
  await put(reportStateEntity, { ...state, version: paused.version + 1 });

  const orderOf = (r: DynamoDBRecord) => r.dynamodb?.NewImage?.orderId?.S ?? '';
  /** A shard by order id, as DynamoDB partitions records by key (an order's records stay in order on one). */
  const shardOf = (id: string, shards: number) =>
    [...id].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 7) % shards;
  const out: Array<Record<string, unknown>> = [];
  for (const [n, shards] of REPLAY_SHARDS.entries()) {
    const lot = lots[n]!;
    const lotRecords = records.filter((r) => lot.ids.has(orderOf(r)));
    const lanes = Array.from({ length: shards }, () => [] as DynamoDBRecord[]);
    for (const r of lotRecords) lanes[shardOf(orderOf(r), shards)]!.push(r);
    const before = await countedThisMonth(now);
    const calls = timeDynamoCalls();
    const mark = cpuNow(root);
    const started = performance.now();
    let batches = 0;
    let failures = 0;
    await Promise.all(
      lanes.map(async (lane) => {
        for (let at = 0; at < lane.length; at += DISPATCHER_BATCH_SIZE) {
          const batch = lane.slice(at, at + DISPATCHER_BATCH_SIZE);
          const context = { functionName: 'dispatcher', getRemainingTimeInMillis: () => 300_000 } as Context;
          const result = await handler({ Records: batch }, context);
          batches++;
          failures += result.batchItemFailures.length;
        }
      }),
    );
    const ms = performance.now() - started;
    const cost = cpuSince(root, mark);
    const dynamoCalls = calls.stop();
    const after = await countedThisMonth(now);
    out.push({
      shards,
      orders: lot.ids.size,
      records: lotRecords.length,
      batches,
      failedBatches: failures,
      ms: Math.round(ms),
      orderWritesPerSecond: rate(lot.ids.size, ms),
      figuresCountThem: after - before === lot.counted,
      // The dispatcher's own work (this process) per order, whatever DynamoDB's latency.
      dispatcherCpuMsPerOrder: round((cost.coresBusy.bench * cost.seconds * 1000) / Math.max(lot.ids.size, 1)),
      dynamoCalls,
      cost,
    });
  }
  return {
    runs: out,
    note: "the stream's records of order writes, recorded, replayed through the dispatcher's handler in process (no poller); its writes still go to DynamoDB Local",
  };
}

/** Times the DynamoDB calls this process makes until `stop`: count and mean latency by command. */
function timeDynamoCalls() {
  const name = 'benchCallTimer';
  const calls = new Map<string, { calls: number; ms: number }>();
  const stack = dynamoClient().middlewareStack as unknown as {
    add: (m: unknown, o: { step: string; name: string }) => void;
    remove: (name: string) => boolean;
  };
  stack.add(
    (next: (a: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        const key = (context.commandName ?? 'other').replace(/Command$/, '');
        const c = calls.get(key) ?? { calls: 0, ms: 0 };
        c.calls++;
        c.ms += performance.now() - started;
        calls.set(key, c);
      }
    },
    { step: 'initialize', name },
  );
  return {
    stop: () => {
      stack.remove(name);
      return Object.fromEntries([...calls].map(([k, c]) => [k, { calls: c.calls, meanMs: round(c.ms / c.calls) }]));
    },
  };
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

/**
 * Reports of the last 12 whole months by month, each beside its bare reads; the naive recompute; the dashboard
 * beside its bare reads and its assembly in process.
 */
async function measureReports(
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
