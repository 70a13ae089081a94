/**
 * `npm run bench`: figures written to bench/results.json, never asserted in unit tests.
 * Each section's function is in tests/bench/sections/<name>.ts, <name> as BENCH_ONLY takes it (coldstart:
 * tests/bench/cold-start); this file runs the sections BENCH_ONLY lists (all by default), in order, and writes
 * the results.
 * - idle: the local stack's CPU at rest over 60 s, fresh and after 100,000 writes (tests/bench/idle.ts)
 * - platform: local stack start (cold with seeding, warm on kept data); users/getAll at 1,000 users,
 *   16 concurrent, beside the bare DynamoDB Local Query it needs
 * - catalogue: a 60-brand, 5,040-product stack; products/getAll beside the bare data-layer calls it
 *   needs; in Chromium, keystroke → filtered products table
 * - pricing: customers × 500 custom prices on the 5,040-product catalogue (tests/bench/pricing.ts)
 * - orders: 30,000 seeded orders on the 5,040-product catalogue; submit/update of a 200-line order and the
 *   order reads over HTTP; in Chromium, opening New Order and its menu search (tests/bench/orders.ts)
 * - purchasing: a 5,000-product brand on the 5,040-product catalogue; create/update/receive of a 300-line
 *   purchase order over HTTP beside the data-layer calls; in Chromium, Fill To over a 1,000-product brand
 *   (tests/bench/purchasing.ts)
 * - payments: on the demo stack, one payment across 30 orders over HTTP beside `recordPayment` in process,
 *   and 50 payments at once against one customer's orders and credit (tests/bench/payments.ts)
 * - payroll: 40 users and 3,000 eligible orders; eligible orders, saving 300 paid orders and submitting a
 *   period over HTTP beside the data layer in process (tests/bench/payroll.ts)
 * - imports: 10,000 products, 2,000 customers and 2,000 of their prices imported as files over HTTP (dry run and
 *   commit), beside the bare writes in process, and the stack process's peak memory (tests/bench/imports.ts); an
 *   accounting export of 30,000 orders, twice, beside its bare reads (tests/bench/accounting.ts)
 * - reports (`reportsScale`): 100,000 orders of 10 lines and 1,000,000 stock movements seeded in bulk, the figures
 *   rebuilt, a year by month of every report and the dashboard beside their bare reads, the stream dispatcher's
 *   order writes a second (live and replayed), a second rebuild and its purge (tests/bench/reports.ts)
 * - access: what the caller-state check (issue 21) costs a request, cold, warm and without it, in process on
 *   the demo stack (tests/bench/caller-state.ts)
 * - each Lambda bundle's size from `cdk synth`
 * - lighthouse: Lighthouse 12 (desktop preset) on every main page of the production build with the demo data, as
 *   ADMIN; My deliveries as the driver on the desktop and mobile presets (tests/bench/lighthouse.ts)
 * - coldstart: every Lambda bundled as CDK does beside the floor; bundle KB and module-load time as ratios
 *   to the floor's (tests/bench/cold-start)
 */
// The handlers run in this process too (the reports bench replays the stream's dispatcher): warnings and errors only.
import '../../infra/local/src/quiet-logs';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fromRoot } from '../../infra/local/src/paths';
import { coldStartBench } from './cold-start';
import { platform } from './sections/platform';
import { catalogue } from './sections/catalogue';
import { pricing } from './sections/pricing';
import { orders } from './sections/orders';
import { purchasing } from './sections/purchasing';
import { payments } from './sections/payments';
import { importsSection } from './sections/imports';
import { reportsSection } from './sections/reports';
import { payroll } from './sections/payroll';
import { access } from './sections/access';
import { lighthousePages } from './sections/lighthouse';
import { driverApp } from './sections/driver';
import { idle } from './sections/idle';
import { bundleSizes } from './sections/bundles';

const sections = (
  process.env.BENCH_ONLY ??
  'platform,idle,catalogue,pricing,orders,purchasing,payments,payroll,imports,reports,access,lighthouse,driver,coldstart,bundles'
).split(',');
const results: Record<string, unknown> = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: cpus().length, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version },
};
if (sections.includes('platform')) Object.assign(results, await platform());
if (sections.includes('idle')) Object.assign(results, await idle());
if (sections.includes('catalogue')) Object.assign(results, await catalogue());
if (sections.includes('pricing')) Object.assign(results, await pricing());
if (sections.includes('orders')) Object.assign(results, await orders());
if (sections.includes('purchasing')) Object.assign(results, await purchasing());
if (sections.includes('payments')) Object.assign(results, await payments());
if (sections.includes('payroll')) Object.assign(results, await payroll());
if (sections.includes('imports')) Object.assign(results, await importsSection());
if (sections.includes('reports')) Object.assign(results, await reportsSection());
if (sections.includes('access')) Object.assign(results, await access());
if (sections.includes('lighthouse')) Object.assign(results, await lighthousePages());
if (sections.includes('driver')) Object.assign(results, await driverApp());
if (sections.includes('coldstart')) Object.assign(results, await coldStartBench());
if (sections.includes('bundles')) {
  results.lambdaBundles = bundleSizes();
  console.log('bundles', { ...(results.lambdaBundles as object), bytes: undefined });
}
mkdirSync(fromRoot('bench'), { recursive: true });
const file = fromRoot('bench/results.json');
const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
writeFileSync(file, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
console.log('written to bench/results.json');
process.exit(0);
