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
 *
 * This file runs the phases in order; their parts are in tests/bench/reports/: config.ts (sizes, budgets, options),
 * seed.ts, figures.ts (counting, rebuilding), measure.ts (the reports and the dashboard), throughput.ts (the
 * dispatcher), probes.ts (CPU, memory, DynamoDB calls).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { queryAll, remove } from '@bo/functions/data';
import { readReportState, reportStateEntity, type ReportStateItem } from '@bo/functions/data/reports';
import { orderEntity } from '../../functions/src/data/orders/entity';
import { markRecordedSince } from '../../functions/src/data/stock-moves/months';
import { JOB_QUEUE } from '../../functions/src/data/job-queue';
import { createOrdersBulk } from '@bo/functions/data/seed';
import { pollerCaughtUp } from './idle';
import { tableStream } from './stream-record';
import {
  actor,
  CHUNK,
  CUSTOMERS,
  DAY,
  day,
  DISPATCHER_TARGET,
  LINES,
  LIVE_ORDERS,
  MONTHS,
  MOVEMENTS,
  ORDERS,
  PURGE,
  rate,
  REPLAY_ORDERS,
  REPLAY_SHARDS,
  type ReportsBenchOptions,
  round,
  KB_PER_ORDER,
  STORE,
} from './reports/config';
import { countedThisMonth, rebuild } from './reports/figures';
import { measureReports } from './reports/measure';
import { cpuNow, cpuSince, memoryNow } from './reports/probes';
import { orderMaker, payOlder, seedCatalogue, writeMovements } from './reports/seed';
import { liveThroughput, replayThroughput } from './reports/throughput';

export type { ReportsBenchOptions } from './reports/config';

/* ---------- The bench ---------- */

/**
 * DynamoDB Local's memory this run will need (GB, its heap at most 2 GB), against what the machine has free: a run
 * that cannot fit stops before seeding rather than hours in (BENCH_REPORT_FORCE=1 runs it anyway).
 */
function checkMemory() {
  const rebuilt = ORDERS * (PURGE ? 2 : 1);
  const dispatched = LIVE_ORDERS + REPLAY_ORDERS * REPLAY_SHARDS.length;
  const kb = KB_PER_ORDER[STORE === 'disk' ? 'memory' : STORE];
  const needGB = round((ORDERS * kb.seed + rebuilt * kb.rebuild + dispatched * kb.dispatched) / 2 ** 20 + 2);
  const freeKB = Number(/MemAvailable:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0);
  const freeGB = round(freeKB / 2 ** 20);
  const onDisk = STORE === 'disk';
  console.log(
    `reports: DynamoDB Local will hold about ${needGB} GB ${onDisk ? 'on disk' : `in memory (${STORE})`}; ${freeGB} GB of memory available`,
  );
  if (!onDisk && needGB > freeGB * 0.9 && process.env.BENCH_REPORT_FORCE !== '1')
    throw new Error(
      `reports: ${ORDERS} orders need about ${needGB} GB in DynamoDB Local, ${freeGB} GB are available: fewer orders ` +
        '(BENCH_REPORT_ORDERS), BENCH_REPORT_PURGE=0, BENCH_REPORT_STORE=tmpfs (its SQLite file in /dev/shm) or ' +
        'disk, or BENCH_REPORT_FORCE=1 to try anyway',
    );
  return { neededGB: needGB, availableGB: freeGB, store: STORE };
}

export async function reportsBench(o: ReportsBenchOptions) {
  const { request, salesId, summary } = o;
  const root = o.stack.pid;
  const memoryCheck = checkMemory();
  const now = Date.now();
  const memory: Record<string, unknown> = { afterStart: await memoryNow(root, o.stack.info, o.stack.dir) };

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
  memory.afterSeed = await memoryNow(root, o.stack.info, o.stack.dir);
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
  memory.afterRebuild = await memoryNow(root, o.stack.info, o.stack.dir);
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
  memory.afterDispatcher = await memoryNow(root, o.stack.info, o.stack.dir);

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
    memory.afterSecondRebuild = await memoryNow(root, o.stack.info, o.stack.dir);
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
