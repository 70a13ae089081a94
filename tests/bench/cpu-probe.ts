/**
 * Where a page's first load spends its script time: signs in on a running stack (`npm start -- --static --dir
 * <dir>`), records a CPU profile of one page load, and prints self and total time per function, mapped through
 * the build's source maps. `npx tsx tests/bench/cpu-probe.ts <dir> /products`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { StackInfo } from '../../infra/local/src/stack-info';
import { fromRoot } from '../../infra/local/src/paths';
import { launch, newPage, signIn } from '../support/browser';

const [dir, path = '/products'] = process.argv.slice(2);
if (!dir) throw new Error('usage: cpu-probe.ts <stack dir> <path>');
const info = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackInfo;
const role = process.env.PROBE_ROLE ?? 'ADMIN';
const user = info.users.find((u) => u.roles.length === 1 && u.roles[0] === role)!;
const browser = await launch();
const page = await newPage(browser);
await page.setViewportSize({ width: 1350, height: 940 });
await signIn(page, info.webUrl, user.email, user.password);
await page.getByRole('heading', { name: /Welcome/ }).waitFor({ timeout: 60_000 });
await page.goto(`${info.webUrl}${path}`);
await page.waitForLoadState('networkidle');
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.PROBE_CPU_SLOWDOWN ?? 1) });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.reload();
await page.waitForLoadState('networkidle');
await page.waitForTimeout(1000);
const { profile } = await cdp.send('Profiler.stop');
await browser.close();

type Node = (typeof profile.nodes)[number];
const maps = new Map<string, TraceMap | null>();
const mapFor = (url: string) => {
  if (!maps.has(url)) {
    const file = url.match(/\/assets\/[^?]+\.js$/)?.[0];
    try {
      maps.set(url, file ? new TraceMap(readFileSync(fromRoot(`web/dist${file}.map`), 'utf8')) : null);
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url);
};
const label = (n: Node) => {
  const { url, functionName, lineNumber, columnNumber } = n.callFrame;
  const map = url ? mapFor(url) : null;
  if (!map || lineNumber < 0) return `${functionName || '(anon)'} ${url.split('/').pop()}`;
  const pos = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
  const src = (pos.source ?? '?').replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${pos.name ?? functionName ?? '(anon)'} ${src}:${pos.line}`;
};
const dt = new Map<number, number>();
profile.samples!.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0) / 1000));
const self = new Map<string, number>();
const byFile = new Map<string, number>();
for (const n of profile.nodes) {
  const ms = dt.get(n.id) ?? 0;
  if (!ms) continue;
  const l = label(n);
  self.set(l, (self.get(l) ?? 0) + ms);
  const file = l.split(' ')[1]?.replace(/:\d+$/, '').split('/').slice(0, 2).join('/') ?? '?';
  byFile.set(file, (byFile.get(file) ?? 0) + ms);
}
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`);
// Busy stretches: samples that are not idle, with no idle gap over 2 ms, longer than 50 ms (a long task).
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const stackOf = (id: number) => {
  const out: string[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) out.push(label(byId.get(at)!));
  return out;
};
let t = profile.startTime / 1000;
interface Run {
  start: number;
  end: number;
  samples: { id: number; ms: number }[];
}
let run: Run | null = null;
const runs: Run[] = [];
profile.samples!.forEach((id, i) => {
  const ms = (profile.timeDeltas![i] ?? 0) / 1000;
  t += ms;
  const name = byId.get(id)!.callFrame.functionName;
  if (name === '(idle)') {
    if (run && t - run.end > 2) {
      runs.push(run);
      run = null;
    }
    return;
  }
  run ??= { start: t, end: t, samples: [] };
  run.end = t;
  run.samples.push({ id, ms });
});
if (run) runs.push(run);
// PROBE_UNDER: only the samples with this function on their stack (e.g. `renderRootSync`: React's re-renders).
const under = process.env.PROBE_UNDER ? new RegExp(process.env.PROBE_UNDER) : null;
const only = process.env.PROBE_ONLY ? new RegExp(process.env.PROBE_ONLY) : null;
const interesting = (l: string) =>
  only
    ? only.test(l)
    : /src\/|@cloudscape-design\/components\/[a-z-]+\/(index|internal)\.js|@cloudscape-design\/component-toolkit|react-dom\/cjs.*(commit|Layout|Passive)/.test(
        l,
      );
for (const r of runs.filter((r) => r.end - r.start > 50)) {
  const total = new Map<string, number>();
  for (const { id, ms } of r.samples.filter(({ id }) => !under || stackOf(id).some((l) => under.test(l))))
    for (const l of new Set(stackOf(id).filter(interesting))) total.set(l, (total.get(l) ?? 0) + ms);
  console.log(`long task ${(r.end - r.start).toFixed(0)} ms at ${(r.start - profile.startTime / 1000).toFixed(0)}`);
  console.log(top(total, Number(process.env.PROBE_TOP ?? 14)).join('\n'));
}
const blocking = runs.reduce((sum, r) => sum + Math.max(0, r.end - r.start - 50), 0);
const busy = runs.reduce((sum, r) => sum + r.end - r.start, 0);
console.log(`blocking (long tasks beyond 50 ms) ${blocking.toFixed(0)} ms, busy ${busy.toFixed(0)} ms`);
console.log('self time by function\n' + top(self, 45).join('\n'));
console.log('\nself time by package\n' + top(byFile, 25).join('\n'));
