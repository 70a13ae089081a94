/**
 * Purchasing at scale (issue 12), for `npm run bench` (BENCH_ONLY=purchasing runs it alone): on the 60-brand
 * stack, seeds a brand of 5,000 products and one of 1,000 (the bulk catalogue path), then measures with a
 * PURCHASING token, one request at a time:
 * - `POST purchases/new` of a 300-line purchase order (300 distinct SKUs of the 5,000-product brand),
 *   `PUT purchases/update/{id}` of it (every quantity and the status changed), `GET purchases/getById/{id}`,
 *   and `PUT purchases/receive/{id}` of each order created (every line into stock, batches for batched
 *   products), each beside the same data-layer calls in process (with the time spent per DynamoDB command)
 *   and the DynamoDB calls one request makes;
 * - in Chromium (`fillToInBrowser`): Fill To applied over the 1,000-product brand, click → updated table.
 */
import { performance } from 'node:perf_hooks';
import { toDollars, type NewPurchaseOrderBody, type PurchaseOrder, type UpdatePurchaseOrderBody } from '@bo/shared';
import type { Actor, ProductItem } from '@bo/functions/data';
import { countDynamoCalls } from './dynamo-calls';
import { seedBenchBrand } from './purchasing-brand';
import { bareTimer, purchasingDataLayer } from './purchasing-data';
import type { SectionOptions, Summary } from './section';

const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
const BIG_BRAND = 5_000;
const FILL_BRAND = 1_000;
const LINES = 300;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function timeCalls(times: number, once: (i: number) => Promise<unknown>, summary: Summary) {
  const latencies: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await once(i);
    latencies.push(performance.now() - t);
  }
  return summary(latencies);
}

/** The 300-line body: every 16th product of the brand (types and weights mixed), 12 units at the product's cost. */
function newBody(brandId: string, products: ProductItem[]): NewPurchaseOrderBody {
  const chosen = Array.from({ length: LINES }, (_, i) => products[(i * 16) % products.length]!);
  return {
    brandID: brandId,
    expectedDeliveryOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    orderStatus: 'PENDING',
    paymentStatus: 'PENDING',
    notes: 'Bench purchase order',
    purchaseOrderItems: chosen.map((p) => ({
      productSku: p.sku,
      productName: p.name,
      orderQuantity: 12,
      unitCost: toDollars(p.costCents ?? 0),
    })),
  };
}

/** Update i of the order: every quantity +1 (even i) or back, and the status PENDING ↔ ORDERED. */
const updateBody = (
  body: NewPurchaseOrderBody,
  order: Pick<PurchaseOrder, 'purchaseOrderNum'>,
  i: number,
): UpdatePurchaseOrderBody => ({
  ...body,
  purchaseOrderNum: order.purchaseOrderNum,
  orderStatus: i % 2 === 0 ? 'ORDERED' : 'PENDING',
  paymentStatus: i % 2 === 0 ? 'AWAITING' : 'PENDING',
  purchaseOrderItems: body.purchaseOrderItems.map((l) => ({
    ...l,
    orderQuantity: l.orderQuantity + (i % 2 === 0 ? 1 : 0),
  })),
});

export async function purchasingBench(options: SectionOptions) {
  const { info, summary, samples } = options;
  const calls = countDynamoCalls();
  const bare = bareTimer(summary);
  const seedStarted = performance.now();
  const big = await seedBenchBrand('Bulk Supply Bench', BIG_BRAND, actor);
  const fill = await seedBenchBrand('Fill Test Bench', FILL_BRAND, actor);
  const seeding = {
    products: big.products.length + fill.products.length,
    ms: Math.round(performance.now() - seedStarted),
    note: `a ${big.products.length}-product brand and a ${fill.products.length}-product brand through createProductsBulk`,
  };
  console.log('purchasing: seeded', seeding);

  const token = await options.signIn();
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${info.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return { text, bytes: Buffer.byteLength(text) };
  };
  const callsPer = async (fn: () => Promise<unknown>) => {
    calls.take();
    await fn();
    return calls.take();
  };
  const data = purchasingDataLayer(actor);

  const body = newBody(big.id, big.products);
  const created: PurchaseOrder[] = [];
  const create = await timeCalls(
    samples,
    async () => {
      const made = JSON.parse((await request('POST', '/db/purchases/new', body)).text) as PurchaseOrder;
      if (made.purchaseOrderItems.length !== LINES)
        throw new Error(`create kept ${made.purchaseOrderItems.length} lines`);
      created.push(made);
    },
    summary,
  );
  let target = created[0]!;
  const update = await timeCalls(
    samples,
    async (i) => {
      const sent = { ...updateBody(body, target, i), modifiedOn: target.modifiedOn };
      const saved = JSON.parse((await request('PUT', `/db/purchases/update/${target.id}`, sent)).text) as PurchaseOrder;
      if (saved.orderStatus !== sent.orderStatus) throw new Error('update did not change the status');
      target = { ...target, modifiedOn: saved.modifiedOn };
    },
    summary,
  );
  const byIdPath = `/db/purchases/getById/${target.id}`;
  const getById = {
    responseKB: kb((await request('GET', byIdPath)).bytes),
    api: await timeCalls(samples, () => request('GET', byIdPath), summary),
    dynamoCalls: await callsPer(() => data.get(target.id)),
  };

  // The bare data layer: its own orders (created here), updated and received the same way.
  const bareCreated: PurchaseOrder[] = [];
  const bareCreate = await bare(10, async () => bareCreated.push(await data.create(body)));
  const createCalls = await callsPer(async () => bareCreated.push(await data.create(body)));
  let bareTarget: Pick<PurchaseOrder, 'id' | 'purchaseOrderNum' | 'modifiedOn'> = bareCreated[0]!;
  const bareUpdate = await bare(10, async (i) => {
    bareTarget = await data.update(bareTarget.id, {
      ...updateBody(body, bareTarget, i),
      modifiedOn: bareTarget.modifiedOn,
    });
  });
  const updateCalls = await callsPer(async () => {
    bareTarget = await data.update(bareTarget.id, {
      ...updateBody(body, bareTarget, 10),
      modifiedOn: bareTarget.modifiedOn,
    });
  });

  // Receiving: each order once (a second receive adds nothing), so every sample is a fresh order.
  const batched = new Set(big.products.filter((p) => p.hasBatch).map((p) => p.sku));
  const receive = await timeCalls(
    created.length,
    async (i) => {
      const received = JSON.parse(
        (await request('PUT', `/db/purchases/receive/${created[i]!.id}`, {})).text,
      ) as PurchaseOrder;
      if (!received.purchaseOrderItems.every((l) => l.hasBeenStocked)) throw new Error('receive left lines unstocked');
    },
    summary,
  );
  const toReceive = bareCreated.slice(1);
  const bareReceive = await bare(toReceive.length - 1, (i) => data.receive(toReceive[i]!.id));
  const receiveCalls = await callsPer(() => data.receive(toReceive.at(-1)!.id));

  const writes = {
    lines: LINES,
    batchedLines: body.purchaseOrderItems.filter((l) => batched.has(l.productSku)).length,
    create: {
      api: create,
      requestKB: kb(Buffer.byteLength(JSON.stringify(body))),
      responseKB: kb(Buffer.byteLength(JSON.stringify(created[0]))),
      dynamoCalls: createCalls,
      bareDataLayer: bareCreate,
    },
    update: {
      note: 'every line quantity and the status changed (ORDERED ↔ PENDING) in each request, with modifiedOn',
      api: update,
      dynamoCalls: updateCalls,
      bareDataLayer: bareUpdate,
    },
    getById,
    receive: {
      note: 'every line of a fresh 300-line order into stock through the stock ledger, a checked-in batch per batched line',
      api: receive,
      dynamoCalls: receiveCalls,
      bareDataLayer: bareReceive,
    },
  };
  console.log('purchasing: 300-line purchase order', writes);
  return { seeding, order300Lines: writes, fillBrand: { name: fill.name, products: fill.products.length } };
}
