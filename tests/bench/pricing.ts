/**
 * Pricing at scale (issue 4), for `npm run bench` (BENCH_ONLY=pricing runs it alone):
 * on a 60-brand, 5,040-product stack, seeds customers with 500 custom prices each through the real
 * write path (half fixed, half a margin on three brands), raises 10% of the base prices, then measures
 * - the scheduled refresh job (in a process of its own) at two sizes: duration, memory, DynamoDB calls;
 * - getCustomPricing/{id}, reRunPricing/{id} and the stored all-customers snapshot over HTTP, one at a
 *   time, beside the bare DynamoDB calls they need;
 * - Edit Customer Pricing for a customer priced on every product: the one bulk request that prices all
 *   5,040 products, and reading them back;
 * - DynamoDB calls per request, counted on the same data-layer calls the handlers make.
 */
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import {
  allPricingUpdates,
  createCustomer,
  getCustomerWithPriceItems,
  getCustomerWithPricing,
  listBrandItems,
  listProductItems,
  pricingSnapshotEntryEntity,
  queryAll,
  readPricingSnapshot,
  reRunPricing,
  setFixedPrice,
  setMargin,
  updateProduct,
  type Actor,
  type ProductItem,
  mapLimit,
} from '@bo/functions/data';
import { previewMargin, toDollars, type MarginRule } from '@bo/shared';
import { fromRoot } from '../../infra/local/src/paths';
import { countDynamoCalls } from './dynamo-calls';
import { random } from '../../infra/local/src/random';
import type { SectionOptions, Summary } from './section';

const SEED_CONCURRENCY = 4;
const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };

const marginPrices = (products: ProductItem[], rule: MarginRule, brandIds: string[]) =>
  previewMargin(
    products.map((p) => ({
      id: p.productId,
      brandID: p.brandID,
      typeID: p.typeID,
      basePrice: toDollars(p.basePriceCents),
      ...(p.costCents === undefined ? {} : { cost: toDollars(p.costCents) }),
    })),
    rule,
    { type: 'brands', brandIds },
  )
    .filter((r) => !r.skipped)
    .map((r) => ({ productId: r.productId, customPrice: r.newPrice }));

interface Catalogue {
  products: ProductItem[];
  byBrand: Map<string, ProductItem[]>;
  brandIds: string[];
}

async function loadCatalogue(): Promise<Catalogue> {
  const products = (await listProductItems()).sort((a, b) => a.sku.localeCompare(b.sku));
  const byBrand = new Map<string, ProductItem[]>();
  for (const p of products) byBrand.set(p.brandID, [...(byBrand.get(p.brandID) ?? []), p]);
  return { products, byBrand, brandIds: (await listBrandItems()).map((b) => b.brandId) };
}

/**
 * `count` customers (from `from`), each with `perCustomer` prices: a margin (−10% on base price) on three
 * brands, and one fixed price on enough products of other brands to make up the rest; every tenth
 * customer refreshes automatically. Returns the ids and the number of prices written.
 */
async function seedPricedCustomers(catalogue: Catalogue, from: number, count: number, perCustomer: number) {
  const ids: Array<{ id: string; auto: boolean }> = [];
  let prices = 0;
  const started = performance.now();
  const rule: MarginRule = { direction: '-', kind: '%', basis: 'basePrice', value: 10 };
  await mapLimit(
    Array.from({ length: count }, (_, i) => from + i),
    SEED_CONCURRENCY,
    async (n) => {
      const rnd = random(1000 + n);
      const customer = await createCustomer(
        {
          customerName: `Bench Customer ${String(n).padStart(4, '0')}`,
          commpref: 'EMAIL',
          type: n % 3 === 0 ? 'WHOLESALE' : 'RETAIL',
          orderType: 'DELIVERY',
          priceAdjustment: 0,
          autoRefreshPricing: n % 10 === 0,
        },
        actor,
      );
      ids.push({ id: customer.id, auto: customer.autoRefreshPricing });
      const start = Math.floor(rnd() * catalogue.brandIds.length);
      const marginBrands = [0, 1, 2].map((k) => catalogue.brandIds[(start + k) % catalogue.brandIds.length]!);
      const margin = marginPrices(catalogue.products, rule, marginBrands).slice(0, perCustomer / 2);
      const byMargin = await setMargin(
        customer.id,
        { rule, scope: { type: 'brands', brandIds: marginBrands }, prices: margin },
        actor,
      );
      const fixed: string[] = [];
      for (let k = 3; fixed.length < perCustomer - margin.length; k++) {
        const brand = catalogue.brandIds[(start + k) % catalogue.brandIds.length]!;
        for (const p of catalogue.byBrand.get(brand) ?? [])
          if (fixed.length < perCustomer - margin.length) fixed.push(p.productId);
      }
      const byAmount = await setFixedPrice(customer.id, fixed, 20 + (n % 7), actor);
      prices += byMargin + byAmount; // after both awaits: workers run concurrently
    },
  );
  const ms = Math.round(performance.now() - started);
  return { ids, prices, ms, pricesPerSecond: Math.round((prices / ms) * 1000) };
}

/** Raises the base price of every tenth product (offset `round`) by $1: a supplier price list. */
async function raiseBasePrices(catalogue: Catalogue, round: number) {
  const raised = catalogue.products.filter((_, i) => i % 10 === round % 10);
  await mapLimit(raised, 8, async (p) => {
    p.basePriceCents += 100;
    await updateProduct(p.productId, { basePrice: p.basePriceCents / 100 }, actor);
  });
  return raised.length;
}

function runJobProcess(stackDir: string) {
  const out = execFileSync(
    process.execPath,
    [fromRoot('node_modules/tsx/dist/cli.mjs'), fromRoot('tests/bench/pricing-job.ts'), stackDir],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 2 ** 20 },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

async function timeCalls(times: number, once: () => Promise<unknown>, summary: Summary) {
  const latencies: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await once();
    latencies.push(performance.now() - t);
  }
  return summary(latencies);
}

export async function pricingBench(
  options: SectionOptions & { stackDir: string; customers: number; perCustomer: number },
) {
  const { info, summary } = options;
  const calls = countDynamoCalls();
  const catalogue = await loadCatalogue();
  console.log(`pricing: ${catalogue.products.length} products; seeding ${options.customers} × ${options.perCustomer}`);

  // Size 1: half the customers.
  const half = Math.floor(options.customers / 2);
  const seedA = await seedPricedCustomers(catalogue, 0, half, options.perCustomer);
  console.log('pricing: seeded', { ...seedA, ids: undefined });
  const raisedA = await raiseBasePrices(catalogue, 0);
  const jobA = runJobProcess(options.stackDir);
  console.log('pricing: job at size 1', jobA);

  // Size 2: all of them (the first half gets new pending updates from a second price list).
  const seedB = await seedPricedCustomers(catalogue, half, options.customers - half, options.perCustomer);
  console.log('pricing: seeded', { ...seedB, ids: undefined });
  const raisedB = await raiseBasePrices(catalogue, 1);
  const jobB = runJobProcess(options.stackDir);
  console.log('pricing: job at size 2', jobB);

  const token = await options.signIn();
  // A customer with pending updates among its 500 prices (not one that refreshes automatically).
  const sample = seedA.ids.find((c) => !c.auto)!.id;
  const get = (path: string) => async () => {
    const response = await fetch(`${info.apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return response.arrayBuffer();
  };
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const sizeKB = async (path: string) => {
    const body = Buffer.from(await get(path)());
    return { json: kb(body.byteLength), gzip: kb(gzipSync(body).byteLength) };
  };

  calls.take();
  const callsPer = async (fn: () => Promise<unknown>) => {
    calls.take();
    await fn();
    return calls.take();
  };

  const pending = (await reRunPricing(sample)).personalizedPricingList.length;
  const requests = {
    getCustomPricing: {
      prices: options.perCustomer,
      responseKB: await sizeKB(`/db/customers/getCustomPricing/${sample}`),
      api: await timeCalls(options.samples, get(`/db/customers/getCustomPricing/${sample}`), summary),
      bareDynamoQuery: await timeCalls(options.samples, () => getCustomerWithPriceItems(sample), summary),
      dynamoCalls: await callsPer(() => getCustomerWithPriceItems(sample)),
    },
    reRunPricingOne: {
      prices: options.perCustomer,
      pending,
      responseKB: await sizeKB(`/db/customers/reRunPricing/${sample}`),
      api: await timeCalls(options.samples, get(`/db/customers/reRunPricing/${sample}`), summary),
      bareDataLayer: await timeCalls(options.samples, () => reRunPricing(sample), summary),
      dynamoCalls: await callsPer(() => reRunPricing(sample)),
    },
    reRunPricingAllStored: {
      responseKB: await sizeKB('/db/customers/reRunPricing'),
      api: await timeCalls(Math.min(options.samples, 10), get('/db/customers/reRunPricing'), summary),
      bareDynamoQuery: await timeCalls(Math.min(options.samples, 10), () => readPricingSnapshot(), summary),
      dynamoCalls: await callsPer(() => readPricingSnapshot()),
    },
    reRunPricingAllRefreshNow: {
      note: 'GET reRunPricing?refresh=true: every customer computed and stored in the request (no automatic apply)',
      api: await timeCalls(1, get('/db/customers/reRunPricing?refresh=true'), summary),
      dynamoCalls: await callsPer(() => allPricingUpdates(true, actor)),
    },
  };
  console.log('pricing: requests', requests);

  // Edit Customer Pricing for a customer priced on every product.
  const whole = await createCustomer(
    {
      customerName: 'Bench Whole Catalogue',
      commpref: 'EMAIL',
      type: 'WHOLESALE',
      orderType: 'DELIVERY',
      priceAdjustment: 0,
      autoRefreshPricing: false,
    },
    actor,
  );
  const allIds = catalogue.products.map((p) => p.productId);
  const t = performance.now();
  const bulk = await fetch(`${info.apiUrl}/db/customers/updateCustomPricing/${whole.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ productIds: allIds.slice(0, 5000), customPrice: 19.99 }),
  });
  const bulkMs = Math.round(performance.now() - t);
  const bulkBody = (await bulk.json()) as unknown;
  const wholeCustomer = {
    products: 5000,
    bulkPriceRequest: { status: bulk.status, body: bulkBody, ms: bulkMs, transactions: Math.ceil(5000 / 49) },
    getCustomPricing: {
      responseKB: await sizeKB(`/db/customers/getCustomPricing/${whole.id}`),
      api: await timeCalls(options.samples, get(`/db/customers/getCustomPricing/${whole.id}`), summary),
      bareDynamoQuery: await timeCalls(options.samples, () => getCustomerWithPriceItems(whole.id), summary),
      dynamoCalls: await callsPer(() => getCustomerWithPriceItems(whole.id)),
    },
    getByID: {
      api: await timeCalls(options.samples, get(`/db/customers/getByID/${whole.id}`), summary),
      dynamoCalls: await callsPer(() => getCustomerWithPricing(whole.id)),
    },
    productsOfABrandWithPrices: {
      api: await timeCalls(
        options.samples,
        get(`/db/products/getByBrandID/${catalogue.brandIds[0]}/${whole.id}`),
        summary,
      ),
    },
  };
  console.log('pricing: whole-catalogue customer', wholeCustomer);

  const snapshotItems = await queryAll(pricingSnapshotEntryEntity, 'primary', {});
  return {
    pricing: {
      products: catalogue.products.length,
      customers: options.customers,
      pricesPerCustomer: options.perCustomer,
      seeding: {
        note: 'through the API data layer (transactions of ≤98 items with history and change log), 4 customers at a time',
        sizes: [
          { ...seedA, ids: undefined },
          { ...seedB, ids: undefined },
        ],
      },
      refreshJob: {
        note: 'the scheduled job in its own process: every customer computed, snapshot stored, automatic customers (every 10th) applied',
        size1: { customers: half, prices: half * options.perCustomer, basePricesRaised: raisedA, ...jobA },
        size2: {
          customers: options.customers,
          prices: options.customers * options.perCustomer,
          basePricesRaised: raisedA + raisedB,
          ...jobB,
        },
        snapshotItems: snapshotItems.length,
      },
      requests,
      wholeCatalogueCustomer: wholeCustomer,
    },
  };
}
