/** The reports bench's sizes (BENCH_REPORT_* variables), budgets and options, and the helpers its parts share. */
import type { Actor } from '@bo/functions/data';
import type { StackInfo } from '../../../infra/local/src/stack-info';
import type { Summary } from '../section';

export const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
export const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 100_000);
export const LINES = 10;
export const MOVEMENTS = Number(process.env.BENCH_REPORT_MOVEMENTS ?? ORDERS * LINES);
export const MONTHS = 24;
export const CUSTOMERS = Number(process.env.BENCH_REPORT_CUSTOMERS ?? 2_000);
export const REPS = 20;
export const BRANDS = Number(process.env.BENCH_REPORT_BRANDS ?? 30);
export const PRODUCTS_PER_BRAND = 40;
/** Orders per bulk call: the ledger, movement months and customers' owed figures are written once per call. */
export const CHUNK = 500;
export const SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 30);
/** Orders written for the live throughput, and for each replay (one shard, four shards): about a minute each. */
export const LIVE_ORDERS = Number(process.env.BENCH_REPORT_LIVE_ORDERS ?? Math.max(200, Math.min(1_000, ORDERS / 20)));
export const REPLAY_ORDERS = Number(
  process.env.BENCH_REPORT_REPLAY_ORDERS ?? Math.max(400, Math.min(1_000, ORDERS / 20)),
);
export const REPLAY_SHARDS = [1, 4];
/**
 * Where DynamoDB Local keeps the table (BENCH_REPORT_STORE): `memory` (`-inMemory`, the default, as the tests run
 * it), `tmpfs` (its SQLite file, as `npm start` writes it, in /dev/shm: in memory too, but SQLite's file holds an
 * item in about a third of what `-inMemory` keeps, at nearly its speed), or `disk` (the file under the system's
 * temporary folder; BENCH_REPORT_DISK=1 says the same).
 */
export const STORE: 'memory' | 'tmpfs' | 'disk' =
  process.env.BENCH_REPORT_STORE === 'tmpfs' || process.env.BENCH_REPORT_STORE === 'disk'
    ? process.env.BENCH_REPORT_STORE
    : process.env.BENCH_REPORT_DISK === '1'
      ? 'disk'
      : 'memory';
/**
 * A second rebuild and its purge of the first generation: by default only up to 20,000 orders (1 runs them at any
 * size, 0 never): at the full scale they need more memory than DynamoDB Local has on a 23 GB machine (see below).
 */
export const PURGE = process.env.BENCH_REPORT_PURGE ? process.env.BENCH_REPORT_PURGE !== '0' : ORDERS <= 20_000;
/**
 * What DynamoDB Local holds in memory per order, by where it keeps the table (STORE; `disk` holds nothing in
 * memory). `memory`: outside its Java heap (its SQLite store: the items, five indexes that project every
 * attribute, and the stream's records with old and new images, kept 24 hours), measured at 5,000 orders on
 * 2026-11-29: 117 KB per seeded order (its lines, movements and payment included), 187 KB per order a rebuild
 * recomputes (cells and contributions, each write's stream record), 300 KB per order written live or replayed.
 * `tmpfs`: the SQLite file's growth and the JVM's outside its heap, measured at 2,000 orders on 2026-11-29: 107 KB
 * per seeded order, 109 KB per order rebuilt, 118 KB per order written live or replayed.
 */
const TMPFS_KB_MEASURED = { seed: 107, rebuild: 109, dispatched: 118 };
export const KB_PER_ORDER: Record<'memory' | 'tmpfs', { seed: number; rebuild: number; dispatched: number }> = {
  memory: { seed: 117, rebuild: 187, dispatched: 300 },
  tmpfs: TMPFS_KB_MEASURED,
};
/** The budgets: a report's year by month, the dashboard (p50), the dispatcher. */
export const REPORT_BUDGET_MS = 150;
export const DASHBOARD_BUDGET_MS = 200;
export const DISPATCHER_TARGET = 200;
export const DAY = 86_400_000;
/** Orders older than this many days are paid (see `payOlder`). */
export const PAID_AFTER_DAYS = 45;
/** Units a restock movement adds. */
export const RESTOCK_UNITS = 60;

export type Request = <T>(
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

export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
export const rate = (count: number, ms: number) => Math.round((count * 1000) / Math.max(ms, 1));
