/**
 * Imports (issue 24, section 1), for `npm run bench`, on the demo stack: 10 brands and a type made in process, then
 * over HTTP as the browser does it (new, PUT, poll): a file of 10,000 new products, one of 2,000 new customers and
 * one of 2,000 of their custom prices. Per file: the dry run (upload to PLANNED) and the commit (commit to DONE),
 * with rows per second; beside it the bare writes a commit needs, in process: the same product transactions
 * (`createProductsTogether`, 16 products each, 3 at a time) and `createCustomer` 8 at a time, as the job writes them. The job runs in the stack's process (the
 * local stack runs every Lambda there), so that process's peak resident memory during the imports bounds any one
 * Lambda's. Budgets: dry run ≤ 30 s and commit ≤ 120 s for the products with the prices; ≤ 512 MB.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { addCustomerBody, addProductBody, type ImportJob, type ImportKind } from '@bo/shared';
import {
  createBrand,
  createCustomer,
  createProductsTogether,
  numberProducts,
  createProductType,
  mapLimit,
  type Actor,
} from '@bo/functions/data';
import { dryRunTableInBrowser } from './imports-browser';
import type { SectionOptions } from './section';

const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
const PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 10_000);
const CUSTOMERS = Number(process.env.BENCH_IMPORT_CUSTOMERS ?? 2_000);
const BARE = 500;

const csv = (rows: ReadonlyArray<ReadonlyArray<string | number>>) =>
  Buffer.from(rows.map((r) => r.join(',')).join('\n'));

/** A process and its descendants (tsx runs the stack in a child of the process it started). */
function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return [pid, ...children.flatMap((c) => processTree(Number(c)))];
  } catch {
    return [pid];
  }
}

const rssMB = (pid: number): number => {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
};

/**
 * The largest resident memory of one Node process of the stack (every Lambda runs in the stack's Node process;
 * DynamoDB Local's Java process is not a Lambda and is left out), sampled until stopped: the peak in MB.
 */
function sampleMemory(pid: number | undefined) {
  let peak = 0;
  const read = () => {
    if (!pid) return;
    for (const p of processTree(pid)) {
      const cmd = (() => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, 'utf8');
        } catch {
          return '';
        }
      })();
      if (cmd.includes('java')) continue;
      peak = Math.max(peak, rssMB(p));
    }
  };
  const timer = setInterval(read, 200);
  return () => {
    clearInterval(timer);
    read();
    return Math.round(peak);
  };
}

export async function importsBench(
  options: SectionOptions & {
    pid: number | undefined;
    /** The stack serves the production web build: the dry-run table is measured in Chromium too. */
    withBrowser: boolean;
    request: <T>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;
  },
) {
  const { request, pid } = options;
  const tag = Math.random().toString(36).slice(2, 6);
  const typeName = `Bench import type ${tag}`;
  const type = await createProductType({ name: typeName }, actor);
  const brands = await mapLimit(
    Array.from({ length: 10 }, (_, i) => i),
    4,
    (i) => createBrand({ name: `Bench Import ${tag} ${i}`, skucode: `BI${i}` }, actor),
  );

  const waitFor = async (id: string, done: (job: ImportJob) => boolean) => {
    for (;;) {
      const job = (await request<ImportJob>('GET', `/db/imports/getById/${id}?limit=0`)).body;
      if (done(job)) return job;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const run = async (kind: ImportKind, bytes: Buffer) => {
    const t0 = performance.now();
    const started = await request<{ id: string; uploadUrl: string; headers: Record<string, string> }>(
      'POST',
      '/db/imports/new',
      { kind, fileName: `bench-${kind}.csv`, size: bytes.byteLength },
    );
    await fetch(started.body.uploadUrl, { method: 'PUT', headers: started.body.headers, body: new Uint8Array(bytes) });
    await request('POST', `/db/imports/dryRun/${started.body.id}`, {});
    const planned = await waitFor(started.body.id, (j) => j.status === 'PLANNED' || j.status === 'FAILED');
    const dryRunMs = Math.round(performance.now() - t0);
    const t1 = performance.now();
    await request('POST', `/db/imports/commit/${started.body.id}`, {});
    const done = await waitFor(started.body.id, (j) => j.status === 'DONE' || j.status === 'FAILED');
    const commitMs = Math.round(performance.now() - t1);
    const rows = planned.rowCount;
    const result = {
      rows,
      fileKB: Math.round(bytes.byteLength / 1024),
      counts: planned.counts,
      committed: done.committed,
      dryRunMs,
      commitMs,
      commitRowsPerSecond: Math.round((rows / commitMs) * 1000),
    };
    console.log(`imports: ${kind}`, result);
    return result;
  };

  const peak = sampleMemory(pid);
  const productsFile = (rows: number) =>
    csv([
      ['Product name', 'Brand', 'Type', 'Status', 'Base price', 'Cost', 'Stock'],
      ...Array.from({ length: rows }, (_, i) => [
        `Bench imported ${tag} ${i}`,
        brands[i % brands.length]!.name,
        typeName,
        'ACTIVE',
        (10 + (i % 50)).toFixed(2),
        (5 + (i % 20)).toFixed(2),
        String(i % 100),
      ]),
    ]);
  const products = await run('products', productsFile(PRODUCTS));
  const customers = await run(
    'customers',
    csv([
      ['Customer name', 'Customer type'],
      ...Array.from({ length: CUSTOMERS }, (_, i) => [`Bench Import Buyer ${tag} ${i}`, 'RETAIL']),
    ]),
  );
  // One price per new customer, on the new products (their SKUs from the catalogue the commit wrote).
  const all = (await request<Array<{ sku: string; name: string }>>('GET', '/db/products/getAll')).body.filter((p) =>
    p.name.startsWith(`Bench imported ${tag} `),
  );
  const prices = await run(
    'customPrices',
    csv([
      ['Customer name', 'SKU', 'Custom price'],
      ...Array.from({ length: CUSTOMERS }, (_, i) => [
        `Bench Import Buyer ${tag} ${i}`,
        all[i % all.length]!.sku,
        (8 + (i % 30)).toFixed(2),
      ]),
    ]),
  );
  const stackPeakMB = peak();

  // The same products file again, left at its dry run (every row unchanged): the table the browser measures.
  const again = productsFile(PRODUCTS);
  const left = await request<{ id: string; uploadUrl: string; headers: Record<string, string> }>(
    'POST',
    '/db/imports/new',
    { kind: 'products', fileName: 'bench-products-again.csv', size: again.byteLength },
  );
  await fetch(left.body.uploadUrl, { method: 'PUT', headers: left.body.headers, body: new Uint8Array(again) });
  await request('POST', `/db/imports/dryRun/${left.body.id}`, {});
  await waitFor(left.body.id, (j) => j.status === 'PLANNED' || j.status === 'FAILED');
  const dryRunTable = options.withBrowser
    ? await dryRunTableInBrowser(
        options.info,
        left.body.id,
        [`imported ${tag} 12`, 'bench import 7', `${tag} 999`],
        options.summary,
      )
    : { skipped: 'no web build' };
  console.log('imports: keystroke in the 10,000-row dry-run table', dryRunTable);

  // The bare writes: the same records through the data layer in process, 8 at a time, as the job writes them.
  const bare = async (count: number, write: (i: number) => Promise<unknown>) => {
    const t = performance.now();
    await mapLimit(
      Array.from({ length: count }, (_, i) => i),
      8,
      write,
    );
    const ms = performance.now() - t;
    return { rows: count, ms: Math.round(ms), rowsPerSecond: Math.round((count / ms) * 1000) };
  };
  // The products' floor: the same transactions the commit writes (16 products each, 3 at a time), numbered first.
  const bareInputs = await numberProducts(
    Array.from({ length: BARE }, (_, i) =>
      addProductBody.parse({
        name: `Bench bare ${tag} ${i}`,
        brandID: brands[i % brands.length]!.id,
        typeID: type.id,
        status: 'ACTIVE',
        basePrice: 10,
        cost: 5,
        stock: i % 100,
      }),
    ),
  );
  const groups = Array.from({ length: Math.ceil(BARE / 16) }, (_, g) => bareInputs.slice(g * 16, g * 16 + 16));
  const tProducts = performance.now();
  await mapLimit(groups, 3, (group) => createProductsTogether(group, actor));
  const productsMs = performance.now() - tProducts;
  const bareProducts = {
    rows: BARE,
    ms: Math.round(productsMs),
    rowsPerSecond: Math.round((BARE / productsMs) * 1000),
  };
  const bareCustomers = await bare(BARE, (i) =>
    createCustomer(addCustomerBody.parse({ customerName: `Bench Bare Buyer ${tag} ${i}` }), actor),
  );
  const result = {
    products,
    customers,
    customPrices: prices,
    productsWithPrices: {
      dryRunMs: products.dryRunMs + prices.dryRunMs,
      commitMs: products.commitMs + prices.commitMs,
      budget: { dryRunMs: 30_000, commitMs: 120_000 },
    },
    bare: { products: bareProducts, customers: bareCustomers },
    commitToBareRatio: {
      products: Math.round((bareProducts.rowsPerSecond / Math.max(1, products.commitRowsPerSecond)) * 100) / 100,
      customers: Math.round((bareCustomers.rowsPerSecond / Math.max(1, customers.commitRowsPerSecond)) * 100) / 100,
    },
    dryRunTable,
    stackProcessPeakMB: stackPeakMB,
    memoryBudgetMB: 512,
  };
  console.log('imports', result);
  return result;
}
