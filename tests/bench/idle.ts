/**
 * What the local stack costs when nobody uses it (`BENCH_ONLY=idle`): the CPU of its processes (the stack's node,
 * DynamoDB Local's JVM, cognito-local) over 60 s on a fresh stack, then again after 100,000 writes to its table
 * (whose stream the dispatcher's poller reads, as every write is), measured from /proc (user + system ticks).
 * The target (ARCHITECTURE.md "The local stack"): at most 3 % of one core, however much has been written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BatchWriteItemCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import type { StackInfo } from '../../infra/local/src/stack-info';

const WINDOW_S = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const WRITES = Number(process.env.BENCH_IDLE_WRITES ?? 100_000);
const TICKS_PER_S = 100;

/** Every process under `root` (itself included), from /proc's parent links. */
export function tree(root: number): Map<number, string> {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(pid, Number(after[1]));
      names.set(pid, stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // gone meanwhile
    }
  }
  const out = new Map<number, string>([[root, names.get(root) ?? '?']]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents)
      if (out.has(parent) && !out.has(pid)) {
        out.set(pid, names.get(pid) ?? '?');
        grew = true;
      }
  }
  return out;
}

/** A process's CPU time so far (user + system), in ticks of 1/100 s; 0 once it is gone. */
export const ticksOf = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};

/** CPU of the stack's processes over a window, in % of one core: in all and per kind of process. */
async function cpuOver(root: number, seconds: number) {
  const pids = tree(root);
  const before = new Map([...pids.keys()].map((p) => [p, ticksOf(p)]));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const byKind: Record<string, number> = {};
  for (const [pid, name] of pids) {
    const kind = name === 'java' ? 'dynamodbLocal' : name;
    byKind[kind] = (byKind[kind] ?? 0) + (ticksOf(pid) - before.get(pid)!);
  }
  const pct = (ticks: number) => Math.round((ticks / TICKS_PER_S / seconds) * 10_000) / 100;
  const total = Object.values(byKind).reduce((a, b) => a + b, 0);
  return {
    seconds,
    pctOfOneCore: pct(total),
    byProcess: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, pct(v)])),
  };
}

/** 25-item batch writes from 4 writers, retrying what DynamoDB Local leaves unprocessed; items of ~300 bytes. */
async function write(info: StackInfo, count: number) {
  const db = new DynamoDBClient({
    endpoint: info.dynamodb.endpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const started = performance.now();
  let next = 0;
  const writer = async () => {
    while (next < count) {
      const from = next;
      next += 25;
      let requests = Array.from({ length: Math.min(25, count - from) }, (_, i) => ({
        PutRequest: {
          Item: { pk: { S: `bench-idle#${from + i}` }, sk: { S: 'item' }, body: { S: 'x'.repeat(280) } },
        },
      }));
      while (requests.length) {
        const out = await db.send(new BatchWriteItemCommand({ RequestItems: { [info.dynamodb.tableName]: requests } }));
        requests = (out.UnprocessedItems?.[info.dynamodb.tableName] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  db.destroy();
  const ms = performance.now() - started;
  return { items: count, ms: Math.round(ms), itemsPerS: Math.round(count / (ms / 1000)) };
}

/** Waits until the stack's stream poller has read everything: nothing follows its saved position. */
export async function pollerCaughtUp(info: StackInfo, dir: string, streamArn: string) {
  const streams = new DynamoDBStreamsClient({
    endpoint: info.dynamodb.endpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const started = performance.now();
  for (;;) {
    const saved = JSON.parse(readFileSync(join(dir, 'stream-dispatcher.json'), 'utf8')) as {
      shards: Record<string, string>;
    };
    let behind = 0;
    for (const [ShardId, SequenceNumber] of Object.entries(saved.shards)) {
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId,
          ShardIteratorType: 'AFTER_SEQUENCE_NUMBER',
          SequenceNumber,
        }),
      );
      behind += (await streams.send(new GetRecordsCommand({ ShardIterator, Limit: 1000 }))).Records?.length ?? 0;
    }
    if (behind === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  streams.destroy();
  return Math.round(performance.now() - started);
}

export async function idleBench(stack: { info: StackInfo; pid?: number }, dir: string) {
  const root = stack.pid!;
  const { Table } = await new DynamoDBClient({
    endpoint: stack.info.dynamodb.endpoint,
    region: stack.info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }).send(new DescribeTableCommand({ TableName: stack.info.dynamodb.tableName }));
  const streamArn = Table!.LatestStreamArn!;
  console.log(`idle: measuring the fresh stack for ${WINDOW_S} s`);
  const fresh = await cpuOver(root, WINDOW_S);
  console.log('idle fresh', fresh);
  const writes = await write(stack.info, WRITES);
  console.log('idle writes', writes);
  const catchUpMs = await pollerCaughtUp(stack.info, dir, streamArn);
  console.log(`idle: the poller read them all ${catchUpMs} ms after the last write; measuring for ${WINDOW_S} s`);
  const afterWrites = await cpuOver(root, WINDOW_S);
  console.log('idle after writes', afterWrites);
  return { fresh, writes: { ...writes, pollerCatchUpMs: catchUpMs }, afterWrites, targetPct: 3 };
}
