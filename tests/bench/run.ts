/**
 * `npm run bench`: figures written to bench/results.json, never asserted in unit tests.
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
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createUser, listProductItems, loadCatalogNames, queryRaw, resetClients, userEntity } from '@bo/functions/data';
import type { StackInfo } from '../../infra/local/src/stack';
import { fromRoot } from '../../infra/local/src/paths';
import { launch, newPage, signIn } from '../support/browser';
import { searchKeystrokeLatency } from './catalog';
import { callerStateBench } from './caller-state';
import { coldStartBench } from './cold-start';
import { newOrderInBrowser, ordersBench } from './orders';
import { pricingBench } from './pricing';
import { paymentsBench } from './payments';
import { importsBench } from './imports';
import { accountingBench } from './accounting';
import { reportsBench } from './reports';
import { payrollBench } from './payroll';
import { commissionInBrowser } from './payroll-browser';
import { purchasingBench } from './purchasing';
import { fillToInBrowser } from './purchasing-browser';
import { lighthouseBench } from './lighthouse';
import { driverAppBench } from './driver-app';
import { idleBench } from './idle';
import { startStackProcess } from './stack-process';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CATALOG = process.env.BENCH_CATALOG ?? '60x84';
const PRICING = process.env.BENCH_PRICING ?? '300x500';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 30_000);
const CONNECTIONS = 16;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number) => Math.round(n * 100) / 100;
const summary = (latencies: number[], seconds?: number) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    ...(seconds ? { rps: round(sorted.length / seconds) } : {}),
    p50: round(pct(sorted, 50)),
    p95: round(pct(sorted, 95)),
    p99: round(pct(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
};

/** Closed-loop load: CONNECTIONS workers each repeat `once` for `seconds`; the same harness for the API and the bare calls. */
async function measure(seconds: number, connections: number, once: () => Promise<void>) {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await once();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return summary(latencies, seconds);
}

function useStack(info: StackInfo) {
  Object.assign(process.env, {
    AWS_REGION: info.region,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: info.dynamodb.endpoint,
    TABLE_NAME: info.dynamodb.tableName,
    // As the local stack's handlers: DynamoDB Local on a busy machine can take seconds to answer.
    SDK_CONNECTION_TIMEOUT_MS: process.env.SDK_CONNECTION_TIMEOUT_MS ?? '10000',
    SDK_REQUEST_TIMEOUT_MS: process.env.SDK_REQUEST_TIMEOUT_MS ?? '60000',
  });
  resetClients();
}

async function idToken(info: StackInfo, email: string, password: string) {
  const auth = await new CognitoIdentityProviderClient({
    endpoint: info.cognito.endpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: info.cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
}

async function apiLoad(url: string, token: string, connections = CONNECTIONS) {
  let failures = 0;
  let bytes = 0;
  const figures = await measure(SECONDS, connections, async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) failures++;
  });
  return { ...figures, non200: failures, responseKB: round(bytes / 1024) };
}

async function platform() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
  const cold = await startStackProcess(dir, ['--api-only'], { persistent: true });
  await cold.stop();
  const stack = await startStackProcess(dir, ['--api-only'], { persistent: true });
  console.log(`stack start: cold ${cold.ms} ms, warm ${stack.ms} ms`);
  useStack(stack.info);
  const system = { userId: 'bench', roles: ['ADMIN' as const], isAdmin: true };
  for (let i = 0; i < USERS; i += 25)
    await Promise.all(
      Array.from({ length: Math.min(25, USERS - i) }, (_, j) =>
        createUser(
          {
            id: `bench-${i + j}`,
            username: `bench-${i + j}`,
            name: `Bench User ${i + j}`,
            email: `bench${i + j}@example.com`,
            role: ['SALES'],
          },
          system,
        ),
      ),
    );
  const admin = stack.info.users[0]!;
  const token = await idToken(stack.info, admin.email, admin.password);
  const bare = await measure(SECONDS, CONNECTIONS, async () => {
    // The one Query (all pages) the route needs, without mapping the items.
    await queryRaw(userEntity.keyCondition('all', {}));
  });
  const api = await apiLoad(`${stack.info.apiUrl}/db/users/getAll`, token);
  console.log('users/getAll', { api, bare });
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    localStack: {
      coldStartMs: cold.ms,
      warmStartMs: stack.ms,
      budgetMs: 60_000,
      note: 'cold includes creating everything and seeding the demo users and catalogue',
    },
    usersGetAll: { users: USERS, connections: CONNECTIONS, seconds: SECONDS, api, bareDynamoQuery: bare },
  };
}

async function catalogue() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-catalog-'));
  execFileSync('npm', ['run', 'build:web'], { cwd: fromRoot('.'), stdio: 'ignore' });
  const stack = await startStackProcess(dir, ['--static', '--catalog', CATALOG]);
  useStack(stack.info);
  const products = (await listProductItems()).length;
  console.log(`catalogue stack (${CATALOG}, ${products} products) ready in ${stack.ms} ms`);
  const sales = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'SALES')!;
  const token = await idToken(stack.info, sales.email, sales.password);
  const bareCalls = async () => {
    await Promise.all([listProductItems(), loadCatalogNames()]);
  };
  const url = `${stack.info.apiUrl}/db/products/getAll`;
  const single = { api: await apiLoad(url, token, 1), bare: await measure(SECONDS, 1, bareCalls) };
  const loaded = { api: await apiLoad(url, token), bare: await measure(SECONDS, CONNECTIONS, bareCalls) };
  console.log('products/getAll', { single, loaded });

  const browser = await launch();
  let search: Record<string, unknown>;
  try {
    const page = await newPage(browser);
    const admin = stack.info.users[0]!;
    await signIn(page, stack.info.webUrl, admin.email, admin.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor({ timeout: 60_000 });
    await page.goto(`${stack.info.webUrl}/products`);
    const input = 'input[type="search"]';
    await page.locator(input).first().waitFor({ timeout: 60_000 });
    await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    // Three rounds of three searches, the box cleared before each, so every keystroke starts from a known table.
    const runs = [];
    for (let round = 0; round < 3; round++)
      for (const term of ['blue dream flower', 'og kush vape', 'gelato']) {
        await page.fill(input, '');
        await page.waitForTimeout(300);
        runs.push(await searchKeystrokeLatency(page, input, 'main', term));
      }
    search = {
      toDomCommit: summary(runs.flatMap((r) => r.commit)),
      toNextFrame: summary(runs.flatMap((r) => r.frame)),
    };
  } catch (error) {
    search = { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await browser.close();
  }
  console.log('search keystroke → filtered table (ms)', search);
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    catalogue: {
      brands: Number(CATALOG.split('x')[0]),
      products,
      seedAndStartMs: stack.ms,
      productsGetAll: {
        seconds: SECONDS,
        oneAtATime: single,
        [`${CONNECTIONS}Concurrent`]: loaded,
        note: 'bare = the 4 product shard Queries (all pages) and the brand/type/extract-type lists, in parallel',
      },
      searchKeystrokeToFilteredTableMs: { ...search, targetMs: 30 },
    },
  };
}

/** Customers × custom prices on the large catalogue: the refresh job at two sizes, the pricing requests. */
async function pricing() {
  const match = /^(\d+)x(\d+)$/.exec(PRICING);
  if (!match) throw new Error('BENCH_PRICING takes <customers>x<pricesPerCustomer>, e.g. 300x500');
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-pricing-'));
  const stack = await startStackProcess(dir, ['--api-only', '--catalog', CATALOG]);
  useStack(stack.info);
  console.log(`pricing stack (${CATALOG}) ready in ${stack.ms} ms`);
  const sales = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'SALES')!;
  try {
    return await pricingBench({
      stackDir: dir,
      info: stack.info,
      signIn: () => idToken(stack.info, sales.email, sales.password),
      customers: Number(match[1]),
      perCustomer: Number(match[2]),
      samples: 30,
      summary: (latencies) => summary(latencies),
    });
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 30,000 orders on the large catalogue: seeding, the order requests over HTTP, New Order in Chromium. */
async function orders() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-orders-'));
  let buildError: string | undefined;
  try {
    execFileSync('npm', ['run', 'build:web'], { cwd: fromRoot('.'), stdio: 'ignore' });
  } catch (error) {
    buildError = error instanceof Error ? error.message : String(error);
  }
  const stack = await startStackProcess(dir, [buildError ? '--api-only' : '--static', '--catalog', CATALOG]);
  useStack(stack.info);
  console.log(`orders stack (${CATALOG}) ready in ${stack.ms} ms`);
  const sales = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'SALES')!;
  try {
    const measured = await ordersBench({
      info: stack.info,
      signIn: () => idToken(stack.info, sales.email, sales.password),
      orders: ORDERS,
      samples: 30,
      summary: (latencies) => summary(latencies),
    });
    let browser: Record<string, unknown>;
    try {
      browser = buildError
        ? { skipped: `the web build failed: ${buildError}` }
        : await newOrderInBrowser(stack.info, 5, (latencies) => summary(latencies));
    } catch (error) {
      browser = { error: error instanceof Error ? error.message : String(error) };
    }
    console.log('orders: New Order in Chromium', browser);
    return { orders: { catalogue: CATALOG, seedAndStartMs: stack.ms, ...measured, newOrderInBrowser: browser } };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 5,000-product brand on the large catalogue: the purchase-order requests over HTTP, Fill To in Chromium. */
async function purchasing() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-purchasing-'));
  let buildError: string | undefined;
  try {
    execFileSync('npm', ['run', 'build:web'], { cwd: fromRoot('.'), stdio: 'ignore' });
  } catch (error) {
    buildError = error instanceof Error ? error.message : String(error);
  }
  const stack = await startStackProcess(dir, [buildError ? '--api-only' : '--static', '--catalog', CATALOG]);
  useStack(stack.info);
  console.log(`purchasing stack (${CATALOG}) ready in ${stack.ms} ms`);
  const buyer = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'PURCHASING')!;
  try {
    const measured = await purchasingBench({
      info: stack.info,
      signIn: () => idToken(stack.info, buyer.email, buyer.password),
      samples: 30,
      summary: (latencies) => summary(latencies),
    });
    let browser: Record<string, unknown>;
    try {
      browser = buildError
        ? { skipped: `the web build failed: ${buildError}` }
        : await fillToInBrowser(stack.info, measured.fillBrand, 10, (latencies) => summary(latencies));
    } catch (error) {
      browser = { error: error instanceof Error ? error.message : String(error) };
    }
    console.log('purchasing: Fill To in Chromium', browser);
    return { purchasing: { catalogue: CATALOG, seedAndStartMs: stack.ms, ...measured, fillToInBrowser: browser } };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Payments on the demo stack: one payment across 30 orders, and 50 at once against the same orders. */
async function payments() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-payments-'));
  const stack = await startStackProcess(dir, ['--api-only']);
  useStack(stack.info);
  console.log(`payments stack ready in ${stack.ms} ms`);
  const admin = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
  try {
    const measured = await paymentsBench({
      info: stack.info,
      signIn: () => idToken(stack.info, admin.email, admin.password),
      samples: 30,
      summary: (latencies) => summary(latencies),
    });
    return { payments: { seedAndStartMs: stack.ms, ...measured } };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Imports on the demo stack: 10,000 products, 2,000 customers and 2,000 of their prices, each a file over HTTP; then
 * an accounting export of 30,000 orders on the same stack.
 */
async function importsSection() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-imports-'));
  let buildError: string | undefined;
  try {
    if (process.env.BENCH_IMPORTS !== '0')
      execFileSync('npm', ['run', 'build:web'], { cwd: fromRoot('.'), stdio: 'ignore' });
  } catch (error) {
    buildError = error instanceof Error ? error.message : String(error);
  }
  const withBrowser = process.env.BENCH_IMPORTS !== '0' && !buildError;
  const stack = await startStackProcess(dir, [withBrowser ? '--static' : '--api-only']);
  useStack(stack.info);
  console.log(`imports stack ready in ${stack.ms} ms`);
  const admin = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
  try {
    const token = await idToken(stack.info, admin.email, admin.password);
    const request = async <T>(method: string, path: string, body?: unknown) => {
      const response = await fetch(`${stack.info.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return { status: response.status, body: JSON.parse(text) as T };
    };
    // BENCH_IMPORTS=0 or BENCH_ACCOUNTING=0 leaves out one of the two.
    const measured =
      process.env.BENCH_IMPORTS === '0'
        ? undefined
        : await importsBench({
            info: stack.info,
            signIn: () => Promise.resolve(token),
            samples: 1,
            summary: (latencies) => summary(latencies),
            pid: stack.pid,
            withBrowser,
            request,
          });
    const accountingExport = process.env.BENCH_ACCOUNTING === '0' ? undefined : await accountingBench(request, dir);
    return {
      ...(measured ? { imports: { seedAndStartMs: stack.ms, ...measured } } : {}),
      ...(accountingExport ? { accountingExport } : {}),
    };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Reports at the scale (issues 25 and 29: 100,000 orders of 10 lines, 1,000,000 stock movements): the
 * seed, the rebuild, every report beside its floors, the dispatcher's throughput, a second rebuild and its purge.
 * The stack purges a generation a rebuild replaced at once (REPORT_PURGE_SETTLE_SECONDS=0), so the purge is timed.
 */
async function reportsSection() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-reports-'));
  process.env.REPORT_PURGE_SETTLE_SECONDS = '0';
  const stack = await startStackProcess(dir, ['--api-only']);
  delete process.env.REPORT_PURGE_SETTLE_SECONDS;
  useStack(stack.info);
  console.log(`reports stack ready in ${stack.ms} ms`);
  const userOf = (role: string) => stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === role)!;
  try {
    const tokenOf = (role: string) => idToken(stack.info, userOf(role).email, userOf(role).password);
    // Tokens expire in an hour: each request signs in again when its token is older than 30 minutes.
    const tokens = { admin: await tokenOf('ADMIN'), sales: await tokenOf('SALES'), at: Date.now() };
    const fresh = async (role: 'ADMIN' | 'SALES') => {
      if (Date.now() - tokens.at > 1_800_000)
        Object.assign(tokens, { admin: await tokenOf('ADMIN'), sales: await tokenOf('SALES'), at: Date.now() });
      return role === 'SALES' ? tokens.sales : tokens.admin;
    };
    const salesId = (
      JSON.parse(Buffer.from(tokens.sales.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }
    ).sub;
    const request = async <T>(method: string, path: string, body?: unknown, role: 'ADMIN' | 'SALES' = 'ADMIN') => {
      const response = await fetch(`${stack.info.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await fresh(role)}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return { status: response.status, body: JSON.parse(text) as T };
    };
    return {
      reportsScale: await reportsBench({
        request,
        salesId,
        summary: (l) => summary(l),
        stack: { pid: stack.pid!, dir, info: stack.info },
      }),
    };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Payroll on the demo stack: 40 users, 3,000 eligible orders of one; eligible orders, a 300-order save, submit. */
async function payroll() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-payroll-'));
  let buildError: string | undefined;
  try {
    execFileSync('npm', ['run', 'build:web'], { cwd: fromRoot('.'), stdio: 'ignore' });
  } catch (error) {
    buildError = error instanceof Error ? error.message : String(error);
  }
  const stack = await startStackProcess(dir, [buildError ? '--api-only' : '--static']);
  useStack(stack.info);
  console.log(`payroll stack ready in ${stack.ms} ms`);
  const admin = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
  try {
    const measured = await payrollBench({
      info: stack.info,
      signIn: () => idToken(stack.info, admin.email, admin.password),
      samples: 20,
      summary: (latencies) => summary(latencies),
    });
    let browser: Record<string, unknown>;
    try {
      browser = buildError
        ? { skipped: `the web build failed: ${buildError}` }
        : await commissionInBrowser(stack.info, measured.benchUser, 5, (latencies) => summary(latencies));
    } catch (error) {
      browser = { error: error instanceof Error ? error.message : String(error) };
    }
    console.log('payroll: Calculate Commission in Chromium', browser);
    return { payroll: { seedAndStartMs: stack.ms, ...measured, commissionInBrowser: browser } };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The caller-state check on the demo stack: a route cold, warm and without the check, in process. */
async function access() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-access-'));
  const stack = await startStackProcess(dir, ['--api-only']);
  useStack(stack.info);
  console.log(`access stack ready in ${stack.ms} ms`);
  const admin = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
  try {
    return await callerStateBench({
      info: stack.info,
      signIn: () => idToken(stack.info, admin.email, admin.password),
      samples: 0,
      summary: (latencies) => summary(latencies),
    });
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse on the production build: every main page with the demo data, then with the 60 × 84 catalogue
 * (`--catalog 60x84`: 5,040 products) beside the demo's orders (issue 22). `BENCH_LH_LARGE=0` skips the second.
 */
async function lighthousePages() {
  execFileSync('npm', ['run', 'build:web'], { cwd: fromRoot('.'), stdio: 'ignore' });
  const onStack = async (extra: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'bo-bench-lighthouse-'));
    const stack = await startStackProcess(dir, ['--static', ...extra]);
    console.log(`lighthouse stack ${extra.join(' ') || '(demo)'} ready in ${stack.ms} ms`);
    try {
      return await lighthouseBench(stack.info);
    } finally {
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const demo = await onStack([]);
  const catalogue60x84 = process.env.BENCH_LH_LARGE === '0' ? undefined : await onStack(['--catalog', '60x84']);
  return { lighthouse: { demo, catalogue60x84 } };
}

/** The driver's phone app on the production build (issue 26): script before the stop list, offline stop, sync. */
async function driverApp() {
  execFileSync('npm', ['run', 'build:web'], { cwd: fromRoot('.'), stdio: 'ignore' });
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-driver-'));
  const stack = await startStackProcess(dir, ['--static']);
  try {
    const phone = await driverAppBench(stack.info, (l) => summary(l));
    // Lighthouse's mobile preset (simulated slow 4G): the 2.5 s to interactive.
    const lighthouse = await lighthouseBench(stack.info, ['/driver']);
    return {
      driverApp: { ...phone, lighthouseMobile: lighthouse.mobile, againstFloor: lighthouse.againstFloor.mobile },
    };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The local stack at rest, fresh and after 100,000 writes (tests/bench/idle.ts): as `npm start` runs it, with
 * DynamoDB Local on disk (the in-memory one of tests idles the same way, and holds what it is given in its heap).
 */
async function idle() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-idle-'));
  const stack = await startStackProcess(dir, ['--api-only'], { persistent: true });
  try {
    return { idleStack: await idleBench(stack, dir) };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function bundleSizes() {
  const out = mkdtempSync(join(tmpdir(), 'bo-bench-cdk-'));
  const started = performance.now();
  execFileSync('npx', ['cdk', 'synth', '--quiet', '--output', out], { cwd: fromRoot('.'), stdio: 'ignore' });
  const synthMs = Math.round(performance.now() - started);
  const sizes: Record<string, number> = {};
  // The code Lambda loads; source maps (uploaded too, read only on errors) are left out.
  const dirSize = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (sum, e) =>
        sum +
        (e.isDirectory() ? dirSize(join(dir, e.name)) : e.name.endsWith('.map') ? 0 : statSync(join(dir, e.name)).size),
      0,
    );
  for (const file of readdirSync(out).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(out, file), 'utf8')) as {
      Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
    };
    for (const [id, resource] of Object.entries(template.Resources)) {
      const asset = resource.Metadata?.['aws:asset:path'];
      if (resource.Type === 'AWS::Lambda::Function' && asset)
        sizes[`${file.replace('.template.json', '')}/${id}`] = dirSize(join(out, asset));
    }
  }
  rmSync(out, { recursive: true, force: true });
  const values = Object.values(sizes);
  return {
    synthMs,
    count: values.length,
    totalKB: round(values.reduce((a, b) => a + b, 0) / 1024),
    maxKB: round(Math.max(0, ...values) / 1024),
    bytes: sizes,
  };
}

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
