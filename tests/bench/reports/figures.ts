/** The report figures as the bench waits on them: this month's count, catching up, a rebuild to its end. */
import { performance } from 'node:perf_hooks';
import type { ReportStatus } from '@bo/shared';
import { query } from '@bo/functions/data';
import { readReportState, salesCellEntity } from '@bo/functions/data/reports';
import { day, rate, type Request } from './config';

/** The orders the figures count this month (the whole's month cell), read from the stored cells. */
export async function countedThisMonth(now: number): Promise<number> {
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
export async function caughtUp(now: number, expected: number, limitMs = 3_600_000) {
  const started = performance.now();
  while ((await countedThisMonth(now)) < expected && performance.now() - started < limitMs)
    await new Promise((r) => setTimeout(r, 100));
  return performance.now();
}

/** POST reports/rebuild, then reports/status until it is no longer rebuilding. */
export async function rebuild(request: Request) {
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
