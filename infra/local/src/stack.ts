import './quiet-logs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JobName } from '@bo/events/jobs';
import { FAILURE_SOURCES, failureQueueName, jobQueueName } from '@bo/events/replay/queues';
import { failureQueueUrlVariable, jobQueueUrlVariable } from '@bo/functions/data/queues';
import { JOB_KINDS, type JobKind, type RouteDef } from '@bo/shared';
import { startBundledApp } from './bundles/bundled-app';
import { stopChildren } from './children';
import { startEmulators } from './emulators';
import { startGateway } from './gateway';
import { runJob } from './jobs';
import { freePort } from './ports';
import { ensureBuckets, ensureTable, ensureTableStream, ensureUserPool, LOCAL_REGION } from './provision';
import { listCustomerItems } from '@bo/functions/data';
import {
  backfillCustomerOwed,
  backfillOrderIndexKeys,
  backfillProductTypeIndex,
  backfillStockLedger,
  repairIndexKeys,
  ensureReportFigures,
  resumeUnfinishedJobs,
} from '@bo/functions/data/seed';
import { seedCatalog, type CatalogSize } from './catalog-fixture';
import { seedCustomers } from './customers-fixture';
import { seedDriverDay } from './deliveries-fixture';
import { seedLocations } from './locations-fixture';
import { seedOrders } from './orders-fixture';
import { seedPayments } from './payments-fixture';
import { seedPayroll } from './payroll-fixture';
import { seedPurchaseOrders } from './purchases-fixture';
import { seedReturns } from './returns-fixture';
import { DEMO_PASSWORD, DEMO_USERS, SYSTEM, seedUsers } from './seed';
import { startQueuePollers } from './queue-poller';
import { LOCAL_PREFIX, startQueues } from './queues';
import { startStreamPoller } from './stream-poller';
import type { StackInfo } from './stack-info';

export { readStackInfo, type StackInfo } from './stack-info';

/** The demo catalogue of a fresh stack: 8 brands, 120 products. */
export const DEMO_CATALOG: CatalogSize = { brands: 8, productsPerBrand: 15 };

export interface StackOptions {
  dir: string;
  port?: number;
  reset?: boolean;
  web?: 'vite' | 'static' | 'none';
  /** Preferred emulator ports; 0 picks free ones (tests). */
  emulatorPorts?: { dynamodb: number; s3: number; cognito: number };
  /**
   * DynamoDB Local in memory (tests, CI, benchmarks): faster writes, and the table is new at every start.
   * `npm start` keeps its data under `dir` unless `--memory` is given.
   */
  memory?: boolean;
  /** DynamoDB Local's JVM tuned for a run of minutes (tests; `emulators.ts`, QUICK_JIT). */
  quickJit?: boolean;
  /** The catalogue seeded on first start (default DEMO_CATALOG). */
  catalog?: CatalogSize;
  /**
   * A `cdk synth` output folder: the API, the stream consumers and the jobs run from its bundles, each
   * function in its own process with the environment its template gives it (bundles/bundled-app.ts).
   */
  bundles?: string;
  /**
   * How long the in-process handlers keep a caller's profile (CALLER_STATE_TTL, seconds; default 30, at most
   * 60): the API tests shorten it to prove that access ends within it without waiting half a minute.
   */
  callerStateTtl?: number;
  log?: (line: string) => void;
}

const TABLE = 'backoffice';
const BUCKETS = { images: 'backoffice-images', documents: 'backoffice-documents' };

/**
 * What any code of the local stack needs to reach the emulators: the region, credentials standing in for an
 * execution role, and the SDK's standard endpoint variables (plus path-style S3 and longer timeouts for
 * slow emulators). Nothing else: the functions' own settings come from handlerEnvironment or, with
 * `--bundles`, from the synthesized templates.
 */
export const localAwsEnvironment = (info: StackInfo): Record<string, string> => ({
  AWS_REGION: info.region,
  AWS_DEFAULT_REGION: info.region,
  // s3rver only accepts its own key pair; the other emulators accept any.
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_ENDPOINT_URL_DYNAMODB: info.dynamodb.endpoint,
  AWS_ENDPOINT_URL_S3: info.s3.endpoint,
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: info.cognito.endpoint,
  AWS_ENDPOINT_URL_SQS: info.sqs.endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  // DynamoDB Local on a busy machine can take seconds to connect or answer; in AWS the defaults (1 s, 2 s) hold.
  SDK_CONNECTION_TIMEOUT_MS: process.env.SDK_CONNECTION_TIMEOUT_MS ?? '10000',
  SDK_REQUEST_TIMEOUT_MS: process.env.SDK_REQUEST_TIMEOUT_MS ?? '60000',
});

/**
 * Points the SDK (and so the handlers and jobs, which run in this process) at the emulators through
 * the standard endpoint variables only, and gives the handlers the settings CDK gives every function.
 */
export function handlerEnvironment(info: StackInfo) {
  Object.assign(process.env, {
    ...localAwsEnvironment(info),
    TABLE_NAME: info.dynamodb.tableName,
    IMAGES_BUCKET: info.s3.buckets.images,
    DOCUMENTS_BUCKET: info.s3.buckets.documents,
    USER_POOL_ID: info.cognito.userPoolId,
    USER_POOL_CLIENT_ID: info.cognito.clientId,
    SITE_URL: info.webUrl,
    POWERTOOLS_SERVICE_NAME: 'backoffice',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    POWERTOOLS_DEV: 'true',
    // What the CDK gives the functions that send to queues (routes that start jobs, the jobs, the dispatcher).
    ...Object.fromEntries(
      JOB_KINDS.map((k) => [jobQueueUrlVariable(k), info.sqs.queues[jobQueueName(LOCAL_PREFIX, k)]]),
    ),
    ...Object.fromEntries(
      FAILURE_SOURCES.map((s) => [failureQueueUrlVariable(s), info.sqs.queues[failureQueueName(LOCAL_PREFIX, s)]]),
    ),
  });
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  try {
    return await start(options);
  } catch (error) {
    await stopChildren();
    throw error;
  }
}

export interface RunningStack {
  info: StackInfo;
  startupMs: number;
  /** Runs a scheduled job now: in process, or from its bundle with `bundles`. */
  runJob: (name: JobName) => Promise<unknown>;
  stop: () => Promise<void>;
}

async function start(options: StackOptions): Promise<RunningStack> {
  // Node 20 here, Node 22 on Lambda: the SDK's upgrade notice is known and only noise locally.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  if (options.reset) rmSync(options.dir, { recursive: true, force: true });
  mkdirSync(options.dir, { recursive: true });

  const emulators = await startEmulators(options.dir, options.emulatorPorts, {
    inMemory: options.memory ?? false,
    quickJit: options.quickJit ?? false,
  });
  log(
    `emulators up in ${Date.now() - started} ms (DynamoDB ${emulators.dynamodb}, S3 ${emulators.s3}, Cognito ${emulators.cognito})`,
  );
  // Failure and dead-letter queues outlive a restart of a kept stack (a snapshot in its folder); tests start empty.
  const queues = await startQueues(options.memory ? {} : { snapshotDir: join(options.dir, 'sqs') });
  const port = await freePort(options.port ?? 3000);
  if (options.port && port !== options.port)
    throw new Error(`Port ${options.port} is in use: pass --port <n> or set PORT`);
  const webUrl = `http://localhost:${port}`;

  const [tableCreated, pool] = await Promise.all([
    ensureTable(emulators.dynamodb, TABLE),
    ensureUserPool(emulators.cognito, 'backoffice-local'),
    ensureBuckets(emulators.s3, Object.values(BUCKETS), [webUrl, `http://127.0.0.1:${port}`]),
  ]);
  const info: StackInfo = {
    apiUrl: `${webUrl}/api`,
    webUrl,
    region: LOCAL_REGION,
    dynamodb: { endpoint: emulators.dynamodb, tableName: TABLE },
    s3: { endpoint: emulators.s3, buckets: BUCKETS },
    cognito: { endpoint: emulators.cognito, userPoolId: pool.userPoolId, clientId: pool.clientId },
    sqs: { endpoint: queues.endpoint, queues: queues.urls },
    users: DEMO_USERS.map((u) => ({ email: u.email, password: DEMO_PASSWORD, roles: u.roles })),
    ...(options.bundles ? { bundles: resolve(options.bundles) } : {}),
  };
  handlerEnvironment(info);
  if (options.callerStateTtl !== undefined) process.env.CALLER_STATE_TTL = String(options.callerStateTtl);
  const streamArn = await ensureTableStream(emulators.dynamodb, TABLE);
  // Before seeding, so a synthesized app that cannot run fails the start at once.
  const bundled = options.bundles
    ? startBundledApp({
        dir: resolve(options.bundles),
        info,
        streamArn,
        logDir: join(options.dir, 'logs', 'lambda'),
        baseEnvironment: {
          ...localAwsEnvironment(info),
          ...(options.callerStateTtl !== undefined ? { CALLER_STATE_TTL: String(options.callerStateTtl) } : {}),
        },
      })
    : undefined;
  if (bundled)
    log(`serving ${bundled.specs.routes.size} routes from the bundles in ${bundled.dir} (function logs: logs/lambda/)`);
  // A day of stops for the demo driver (issue 26), only with the demo orders' first seed.
  const seedDay = async (ordersSeeded: number) => {
    if (ordersSeeded === 0) return;
    const day = await seedDriverDay(SYSTEM);
    if (day.stops > 0) log(`gave the demo driver ${day.stops} stops due today (${day.ms} ms)`);
  };
  // Pickup locations first (orders name them): on first start, and on kept data that has none yet.
  const locations = await seedLocations(SYSTEM);
  if (locations.locations > 0) log(`seeded ${locations.locations} pickup locations`);
  if (pool.created || tableCreated) {
    await seedUsers();
    const catalog = await seedCatalog(options.catalog ?? DEMO_CATALOG, SYSTEM);
    log(
      `seeded ${DEMO_USERS.length} demo users and ${catalog.brands} brands with ${catalog.products} products (${catalog.ms} ms)`,
    );
    const customers = await seedCustomers(SYSTEM);
    log(`seeded ${customers.customers} customers with ${customers.prices} custom prices (${customers.ms} ms)`);
    const orders = await seedOrders(SYSTEM);
    log(`seeded ${orders.orders} sales orders (${orders.ms} ms)`);
    await seedDay(orders.orders);
  } else {
    // Kept data from before issue 4: products get their by-type index keys, and the demo customers arrive.
    const fixed = await backfillProductTypeIndex();
    if (fixed > 0) log(`gave ${fixed} products their by-type index keys`);
    // Kept data from before issue 5: stock figures move into the stock ledger.
    const moved = await backfillStockLedger();
    if (moved > 0) log(`moved the stock of ${moved} products into the stock ledger`);
    // Kept data from before issue 21: index keys a record read and put back carried along are recomputed
    // (first: the backfill below would put those orders again too, under a message about missing keys).
    const repaired = await repairIndexKeys();
    if (repaired > 0) log(`recomputed the index keys of ${repaired} items`);
    // Kept data from before issues 13 and 14: orders get their receivables- and commission-index keys.
    const indexed = await backfillOrderIndexKeys();
    if (indexed > 0) log(`gave ${indexed} orders their receivables- and commission-index keys`);
    // Kept data from before issue 23: customers get what they owe, for credit holds.
    const owing = await backfillCustomerOwed();
    if (owing > 0) log(`set what ${owing} customers owe (credit holds)`);
    if ((await listCustomerItems()).length === 0) {
      const customers = await seedCustomers(SYSTEM);
      log(`seeded ${customers.customers} customers with ${customers.prices} custom prices (${customers.ms} ms)`);
    }
    // Kept data from before issue 5 (or with no recent orders): the demo orders arrive.
    const orders = await seedOrders(SYSTEM);
    if (orders.orders > 0) log(`seeded ${orders.orders} sales orders (${orders.ms} ms)`);
    await seedDay(orders.orders);
  }
  // The demo orders are paid by real payments (split, partial, with credit); on kept data without payments too.
  const payments = await seedPayments(SYSTEM);
  if (payments.payments > 0) log(`recorded ${payments.payments} payments (${payments.ms} ms)`);
  // After the payments: last pay period submitted, the current one a draft (once).
  const payroll = await seedPayroll(SYSTEM);
  if (payroll.periods > 0) log(`seeded ${payroll.periods} pay periods (${payroll.ms} ms)`);
  // A few returns of delivered and completed orders (credit notes to credit and one refund), once.
  const returns = await seedReturns(SYSTEM);
  if (returns.returns > 0) log(`made ${returns.returns} returns (${returns.ms} ms)`);
  // After the sales orders (Fill To counts their pending outbound); on kept data too, when it has none yet.
  const purchases = await seedPurchaseOrders(SYSTEM);
  if (purchases.purchaseOrders > 0) log(`seeded ${purchases.purchaseOrders} purchase orders (${purchases.ms} ms)`);
  // The emulator's job queues start empty: jobs a stop cut short get their next step again.
  const resumed = await resumeUnfinishedJobs();
  if (resumed > 0) log(`resumed ${resumed} unfinished job(s)`);
  // Report figures (issue 25): on a table without them, a rebuild from the records (the rebuild job runs it).
  if (await ensureReportFigures(SYSTEM)) log('started building the report figures');

  // The stream's dispatcher (stock history, report figures) and the jobs catch up with the seed before the app is ready.
  const stream = startStreamPoller({
    endpoint: emulators.dynamodb,
    streamArn,
    dir: options.dir,
    log,
    ...(bundled ? { handler: bundled.dispatcher() } : {}),
  });
  const jobs = startQueuePollers({
    queues,
    log,
    ...(bundled ? { handlerFor: (kind: JobKind) => bundled.queuedJob(kind) } : {}),
  });
  await Promise.all([stream.idle(), jobs.idle()]);

  const gateway = await startGateway({
    port,
    issuer: `${emulators.cognito}/${pool.userPoolId}`,
    clientId: pool.clientId,
    web: options.web ?? 'vite',
    imagesOrigin: `${emulators.s3}/${BUCKETS.images}`,
    webConfig: {
      region: LOCAL_REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      userPoolEndpoint: emulators.cognito,
      authFlowType: 'USER_PASSWORD_AUTH',
    },
    ...(bundled ? { handlerFor: (row: RouteDef) => bundled.route(row) } : {}),
  });

  writeFileSync(join(options.dir, 'stack.json'), `${JSON.stringify(info, null, 2)}\n`);

  return {
    info,
    startupMs: Date.now() - started,
    runJob: (name) => (bundled ? bundled.runJob(name) : runJob(name)),
    stop: async () => {
      await Promise.all([stream.stop(), jobs.stop()]);
      await queues.stop();
      await gateway.close();
      await bundled?.stop();
      await emulators.stop();
      await stopChildren();
    },
  };
}
