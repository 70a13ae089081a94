/**
 * Lighthouse against a stack that is already running (`npm start -- --static --dir <dir>`), for finding where a
 * page's time goes while changing the web build: `npx tsx tests/bench/lighthouse-probe.ts <dir>`, with
 * `BENCH_LH_PAGES`, `BENCH_LH_RUNS` and `BENCH_LH_REPORTS` as the bench reads them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StackInfo } from '../../infra/local/src/stack-info';
import { lighthouseBench } from './lighthouse';

const dir = process.argv[2];
if (!dir) throw new Error('usage: lighthouse-probe.ts <stack dir>');
const info = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackInfo;
console.log(JSON.stringify(await lighthouseBench(info), null, 2));
