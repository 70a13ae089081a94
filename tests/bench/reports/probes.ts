/**
 * What each phase of the reports bench cost: CPU by process, and DynamoDB Local's memory; and the DynamoDB calls
 * this process makes, timed.
 */
import { execFileSync } from 'node:child_process';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { dynamoClient } from '@bo/functions/data';
import type { StackInfo } from '../../../infra/local/src/stack-info';
import { ticksOf, tree } from '../idle';
import { round } from './config';

/** CPU seconds so far of the bench (this process), the stack's node processes and DynamoDB Local's JVM. */
export function cpuNow(root: number) {
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
export type CpuMark = ReturnType<typeof cpuNow>;

/**
 * What a phase cost since `from`, in cores busy on average (1 = one core all the time), and what limited it: the
 * CPU when the machine's two cores were busy (saying how much of it was other processes'), DynamoDB Local when its
 * JVM kept a core busy, DynamoDB Local's answers when it worked most but below a core (it serialises transactions:
 * the run waits on them), else the process that worked most.
 */
export function cpuSince(root: number, from: CpuMark) {
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
export function dynamoMemory(root: number) {
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
/** The size of what a folder holds, in MB (DynamoDB Local's SQLite file, when it keeps one). */
function folderMB(dir: string): number {
  let bytes = 0;
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else bytes += statSync(path).size;
    }
  };
  if (existsSync(dir)) walk(dir);
  return Math.round(bytes / 2 ** 20);
}

export async function memoryNow(root: number, info: StackInfo, dir?: string) {
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
    // Kept as a file (BENCH_REPORT_STORE tmpfs or disk): the file's size; on tmpfs it is memory too.
    ...(dir && existsSync(join(dir, 'dynamodb')) ? { filesMB: folderMB(join(dir, 'dynamodb')) } : {}),
  };
}

/** Times the DynamoDB calls this process makes until `stop`: count and mean latency by command. */
export function timeDynamoCalls() {
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
