/**
 * Runs the scheduled pricing refresh once in a process of its own (as a Lambda would), against the
 * stack whose folder is given, and prints one JSON line: duration, memory (peak RSS and heap, sampled
 * every 20 ms, and the process's max RSS), the DynamoDB calls it made, and the job's result.
 * Used by the pricing benchmark: `tsx tests/bench/pricing-job.ts <stack dir>`.
 */
import { performance } from 'node:perf_hooks';
import { handlerEnvironment, readStackInfo } from '../../infra/local/src/stack';

const info = readStackInfo(process.argv[2] ?? '');
if (!info) throw new Error('usage: pricing-job.ts <stack dir> (a folder with stack.json)');
handlerEnvironment(info);
process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';

const { countDynamoCalls } = await import('./dynamo-calls');
const { handler } = await import('../../events/src/jobs/refresh-pricing');
const calls = countDynamoCalls();
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 20);
const started = performance.now();
let result: unknown;
try {
  result = await handler();
} catch (error) {
  result = { error: error instanceof Error ? error.message : String(error) };
}
const ms = Math.round(performance.now() - started);
clearInterval(sampler);
console.log(
  JSON.stringify({
    ms,
    memoryMB: {
      rssBefore: mb(before.rss),
      heapBefore: mb(before.heapUsed),
      peakRss: mb(peakRss),
      peakHeap: mb(peakHeap),
      maxRss: Math.round(process.resourceUsage().maxRSS / 102.4) / 10,
    },
    dynamoCalls: calls.take(),
    result,
  }),
);
process.exit(0);
