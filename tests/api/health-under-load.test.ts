import { DAY_MS, MAX_RANGE_DAYS, MAX_RANGE_MONTHS, monthsTouched } from '@bo/shared';
import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';

/**
 * Issue 21 section 1: the widest ranges the month-by-month routes take cannot stall the service. The local
 * gateway runs every handler in one process, so a CPU-bound request would hold up every other one (as the
 * probe's 9999 dates did: /api/health took 14.5 s); these requests make at most MAX_RANGE_MONTHS Queries
 * each and wait on DynamoDB, so the gateway stays free. 20 of them are kept in flight while /api/health is
 * asked again and again. A stalled gateway answers health after the work queued ahead of it, so health would take
 * as long as the reads; a free one answers it between their DynamoDB calls. The check is that ratio, not a
 * number of milliseconds, so it holds on a busy machine (speed itself is the bench's to measure): the slowest
 * health answer is faster than the median read beside it, and fewer reads finish during it than are in flight.
 */

const CONCURRENT = 20;
const SAMPLES = 10;

/**
 * The widest range the two month-by-month routes take, near the end of the window: MAX_RANGE_DAYS calendar
 * days from the last day of a month, so MAX_RANGE_MONTHS months, the most Queries any request can make. What
 * the input controls is that count; what comes back is bounded by the data that exists, as for any list, and
 * this range holds none, so the figures do not depend on what other test files have written.
 */
const start = Date.UTC(2098, 7, 31);
const [from, to] = [start, start + (MAX_RANGE_DAYS - 1) * DAY_MS].map((t) => new Date(t).toISOString().slice(0, 10));
const WORST = [`/api/db/orders/getByWeek/${from}/${to}`, `/api/db/payments/getAll?from=${from}&to=${to}`];

it(`/api/health answers between the reads while ${CONCURRENT} of the widest range reads run`, async () => {
  expect(monthsTouched(start, Date.parse(`${to}T23:59:59.999Z`))).toHaveLength(MAX_RANGE_MONTHS);
  const token = await tokenFor('ADMIN');
  const timed = async (path: string) => {
    const start = performance.now();
    const result = await call('GET', path, { token });
    return { status: result.status, ms: performance.now() - start };
  };
  // Load every handler once, so a module's first import is not measured; then health alone, for comparison.
  for (const path of [...WORST, '/api/health']) expect((await timed(path)).status).toBe(200);
  const idle: number[] = [];
  for (let i = 0; i < SAMPLES; i++) idle.push((await timed('/api/health')).ms);

  let stop = false;
  let inFlight = 0;
  const statuses: number[] = [];
  const worstMs: number[] = [];
  let loaded!: () => void;
  const underLoad = new Promise<void>((resolve) => (loaded = resolve));
  // Resolved each time a read finishes, so the health samples are spread across the load, not bunched into
  // the few milliseconds between two of its answers.
  let finished: () => void = () => {};
  const nextFinish = () => new Promise<void>((resolve) => (finished = resolve));
  const workers = Array.from({ length: CONCURRENT }, async (_, i) => {
    while (!stop) {
      inFlight += 1;
      const result = await timed(WORST[i % WORST.length]!);
      inFlight -= 1;
      statuses.push(result.status);
      worstMs.push(result.ms);
      if (statuses.length >= CONCURRENT) loaded();
      finished();
    }
  });

  // Measure only once the load is steady: every worker has had an answer and sent its next request.
  await underLoad;
  const health: number[] = [];
  const alongside: number[] = [];
  const finishedDuring: number[] = [];
  const doneBefore = statuses.length;
  for (let i = 0; i < SAMPLES; i++) {
    await nextFinish();
    // The worker whose read just finished sends its next one in the same tick; yield once so it has.
    await new Promise<void>((resolve) => setImmediate(resolve));
    alongside.push(inFlight);
    const before = statuses.length;
    const result = await timed('/api/health');
    expect(result.status).toBe(200);
    health.push(result.ms);
    finishedDuring.push(statuses.length - before);
  }
  const doneDuring = statuses.length - doneBefore;
  stop = true;
  await Promise.all(workers);

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const figures = {
    healthIdleMs: idle.map((ms) => Math.round(ms)),
    healthMs: health.map((ms) => Math.round(ms)),
    inFlightAtEachSample: alongside,
    worstRequests: statuses.length,
    worstDuringHealth: doneDuring,
    worstFinishedDuringEachHealth: finishedDuring,
    worstMedianMs: Math.round(median(worstMs)),
    worstMaxMs: Math.round(Math.max(...worstMs)),
  };
  console.info('health under load', JSON.stringify(figures));
  expect(statuses.every((s) => s === 200)).toBe(true);
  // The load was there while health was measured: (all but at most one of) the 20 were in flight at each
  // sample, and they kept completing around it (each sample waited for one to finish).
  expect(Math.min(...alongside)).toBeGreaterThanOrEqual(CONCURRENT - 1);
  expect(doneDuring).toBeGreaterThanOrEqual(SAMPLES);
  expect(Math.max(...health)).toBeLessThan(median(worstMs));
  expect(median(finishedDuring)).toBeLessThan(CONCURRENT);
});
