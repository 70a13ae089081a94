/** The stream dispatcher's throughput in order writes a second: live through the stack, and replayed in process. */
import { performance } from 'node:perf_hooks';
import type { Context, DynamoDBRecord } from 'aws-lambda';
import { get, put } from '@bo/functions/data';
import { readReportState, reportStateEntity } from '@bo/functions/data/reports';
import { JOB_QUEUE } from '../../../functions/src/data/job-queue';
import { createOrdersBulk } from '@bo/functions/data/seed';
import { mappingFilters, matchesConsumer } from '@bo/events/consumers';
import { DISPATCHER_BATCH_SIZE } from '../../../infra/cdk/lib/stacks/jobs-stack';
import { pollerCaughtUp } from '../idle';
import { tableStream } from '../stream-record';
import { actor, LIVE_ORDERS, rate, REPLAY_ORDERS, REPLAY_SHARDS, round, type ReportsBenchOptions } from './config';
import { caughtUp, countedThisMonth } from './figures';
import { cpuNow, cpuSince, timeDynamoCalls } from './probes';
import { type Catalogue, counted, orderMaker } from './seed';

/**
 * Orders written as fast as the bulk path writes them (today's, in calls of 100) while the stack's poller hands them
 * to the dispatcher; the figures' lag after the last write, and the order writes a second applied end to end.
 */
export async function liveThroughput(c: Catalogue, now: number, root: number) {
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
export async function replayThroughput(o: ReportsBenchOptions, c: Catalogue, now: number, root: number) {
  // As the local stack runs its handlers: no metrics written to stdout, warnings and errors logged.
  process.env.POWERTOOLS_DEV = 'true';
  const { handler } = await import('../../../events/src/stream/dispatcher');
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
