/**
 * Sales orders at scale (issue 5), for `npm run bench` (BENCH_ONLY=orders runs it alone): on a 60-brand,
 * 5,040-product stack, seeds 30,000 orders of about 8 lines over the last 12 months through the data layer's
 * bulk path (`createOrdersBulk`, in chunks), then measures over HTTP with a SALES token, one request at a time:
 * - the reads: getPendingOrders (~300 open orders), getByWeek (the last 7 days), getPendingOutboundStock for
 *   the SKU with the most open orders (measured before the writes, so they see the seeded data only);
 * - submit of a 200-line order (200 distinct SKUs; batched lines where a checked-in batch has free units),
 *   update of that order (every line's quantity and its status), and getByID of it;
 * - DynamoDB calls per request, counted on the same data-layer calls the handlers make;
 * - in Chromium (`newOrderInBrowser`): opening New Order until its product menu is usable, and the keystroke
 *   to result time of the menu search.
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import {
  createCustomer,
  createOrder,
  dynamoClient,
  getOrder,
  getProductWithBatches,
  listCustomerItems,
  listOrdersBetween,
  listPendingOrders,
  listProductItems,
  listUsers,
  pendingOutboundOf,
  readStockLedger,
  updateOrder,
  type Actor,
  type CustomerItem,
  type ProductItem,
  mapLimit,
} from '@bo/functions/data';
import { createOrdersBulk, type BulkOrder } from '@bo/functions/data/seed';
import {
  toDollars,
  addCustomerBody,
  type NewOrderBody,
  type Order,
  type OrderStatus,
  type UpdateOrderBody,
} from '@bo/shared';
import type { StackInfo } from '../../infra/local/src/stack';
import { launch, newPage, signIn } from '../support/browser';
import { searchKeystrokeLatency } from './catalog';
import { countDynamoCalls } from './dynamo-calls';
import { random } from '../../infra/local/src/random';
import type { SectionOptions, Summary } from './section';

const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
const DAY = 86_400_000;
const CHUNK = 1000;
const OPEN = 300;
const DRAFTS = 150;
const CUSTOMERS = 100;
const BIG_LINES = 200;

async function timeCalls(times: number, once: (i: number) => Promise<unknown>, summary: Summary) {
  const latencies: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await once(i);
    latencies.push(performance.now() - t);
  }
  return summary(latencies);
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Milliseconds spent in each DynamoDB command (a middleware on the shared client); `take()` returns and resets. */
export function timeDynamoCalls() {
  let spent: Record<string, number> = {};
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      const name = (context as { commandName?: string }).commandName ?? 'unknown';
      const t = performance.now();
      try {
        return await next(args);
      } finally {
        spent[name] = (spent[name] ?? 0) + performance.now() - t;
      }
    },
    { step: 'initialize', name: 'benchTimeDynamoCalls', override: true },
  );
  return {
    take: () => {
      const out = Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, Math.round(v)]));
      spent = {};
      return out;
    },
  };
}

/** The bench's customers: 100 of them, beside the 12 demo customers. */
async function benchCustomers(): Promise<CustomerItem[]> {
  await mapLimit(
    Array.from({ length: CUSTOMERS }, (_, i) => i),
    4,
    (n) =>
      createCustomer(
        {
          customerName: `Bench Buyer ${String(n).padStart(3, '0')}`,
          commpref: 'EMAIL',
          type: n % 3 === 0 ? 'WHOLESALE' : 'RETAIL',
          orderType: n % 3 === 1 ? 'PICKUP' : 'DELIVERY',
          priceAdjustment: 0,
          autoRefreshPricing: false,
        },
        actor,
      ),
  );
  return (await listCustomerItems()).sort((a, b) => a.customerName.localeCompare(b.customerName));
}

/**
 * `count` orders over the last 12 months: OPEN open ones (RECEIVED, FULFILLMENT, PACKED) of the last 3 weeks,
 * DRAFTS drafts of the last 6 weeks, the rest mostly COMPLETED (DELIVERED in the last weeks), about 1%
 * cancelled and a few refunded. 5–11 distinct products a line set (about 8), unbatched, at base price.
 */
function planOrders(count: number, products: ProductItem[], customers: CustomerItem[], drivers: string[]): BulkOrder[] {
  const rnd = random(5040);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const now = Date.now();
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const orders: BulkOrder[] = [];
  for (let i = 0; i < count; i++) {
    let status: OrderStatus;
    let age: number;
    if (i < OPEN) {
      status = pick(['RECEIVED', 'RECEIVED', 'FULFILLMENT', 'PACKED']);
      age = rnd() * 21;
    } else if (i < OPEN + DRAFTS) {
      status = 'DRAFT';
      age = rnd() * 42;
    } else {
      age = 1 + rnd() * 364;
      const r = rnd();
      status =
        r < 0.01
          ? 'CANCELLED'
          : r < 0.014
            ? 'REFUNDED'
            : age < 21 && r < 0.6
              ? 'DELIVERED'
              : r < 0.05
                ? 'DELIVERED'
                : 'COMPLETED';
    }
    const customer = pick(customers);
    const createdAt = now - age * DAY;
    const pickup = customer.orderType === 'PICKUP';
    const open = i < OPEN;
    const count = between(5, 11);
    const chosen = new Set<ProductItem>();
    while (chosen.size < count) chosen.add(pick(products));
    orders.push({
      customer: {
        customerId: customer.customerId,
        customerName: customer.customerName,
        ...(customer.accountOwnerID ? { accountOwnerID: customer.accountOwnerID } : {}),
      },
      orderStatus: status,
      createdAt: new Date(createdAt).toISOString(),
      pickupOrder: pickup,
      deliveryDate: open ? day(now + between(0, 5) * DAY) : day(createdAt + between(0, 3) * DAY),
      ...(pickup ? {} : { driverId: pick(drivers) }),
      packingLocationId: String(between(1, 4)),
      lines: [...chosen].map((product) => ({
        product,
        quantity: pick([1, 2, 3, 4, 6, 8, 12]),
        priceCents: product.basePriceCents,
      })),
    });
  }
  return orders.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The 200-line order: 200 distinct SKUs (every 25th product), a line on a checked-in batch with at least
 * 60 free units where the product has one (1 unit), else unbatched (3 units), so the 41 submits (30 over HTTP,
 * 11 in process) and the updates always fit.
 */
async function bigOrderLines(products: ProductItem[]) {
  const chosen = Array.from({ length: BIG_LINES }, (_, i) => products[(i * 25) % products.length]!);
  const ledger = await readStockLedger();
  const found = await mapLimit(chosen, 8, async (p) =>
    p.hasBatch ? await getProductWithBatches(p.productId) : undefined,
  );
  let batched = 0;
  const lines = chosen.map((product, i) => {
    const batch = (found[i]?.batches ?? [])
      .filter((b) => b.isCheckedIn && ledger.free(b.batchId) >= 60)
      .sort((a, b) => a.receivedOn.localeCompare(b.receivedOn))[0];
    if (batch) batched++;
    return {
      // As the order builder sends them: with the product id (the server checks it against the SKU).
      productId: product.productId,
      productSku: product.sku,
      productBatchId: batch?.batchId ?? null,
      quantity: batch ? 1 : 3,
      unitPrice: toDollars(product.basePriceCents),
    };
  });
  return { lines, batched };
}

export async function ordersBench(options: SectionOptions & { orders: number }) {
  const { info, summary, samples } = options;
  const calls = countDynamoCalls();
  const spent = timeDynamoCalls();
  const products = (await listProductItems())
    .filter((p) => p.status !== 'INACTIVE' && p.status !== 'HIDDEN')
    .sort((a, b) => a.sku.localeCompare(b.sku));
  const users = await listUsers();
  const drivers = users.filter((u) => u.role.includes('DRIVER')).map((u) => u.id);
  const dan = users.find((u) => u.email === 'driver@example.com')!.id;
  const customers = await benchCustomers();
  console.log(
    `orders: ${products.length} orderable products, ${customers.length} customers; seeding ${options.orders} orders`,
  );

  // Seeding, in chunks through the bulk path.
  const plan = planOrders(options.orders, products, customers, drivers);
  const lines = plan.reduce((sum, o) => sum + o.lines.length, 0);
  const seedStarted = performance.now();
  for (let i = 0; i < plan.length; i += CHUNK) {
    await createOrdersBulk(plan.slice(i, i + CHUNK), actor);
    if ((i / CHUNK) % 5 === 4)
      console.log(`orders: seeded ${i + CHUNK} in ${Math.round((performance.now() - seedStarted) / 1000)} s`);
  }
  const seedMs = Math.round(performance.now() - seedStarted);
  const seeding = {
    orders: plan.length,
    lines,
    open: plan.filter((o) => ['RECEIVED', 'FULFILLMENT', 'PACKED'].includes(o.orderStatus)).length,
    drafts: plan.filter((o) => o.orderStatus === 'DRAFT').length,
    chunk: CHUNK,
    ms: seedMs,
    ordersPerSecond: Math.round((plan.length / seedMs) * 1000),
    note: 'createOrdersBulk (BatchWriteItem of headers, line groups, number guards, change-log entries; ledger sums applied per chunk)',
  };
  console.log('orders: seeded', seeding);

  // The SKU held by the most open orders.
  const openCount = new Map<string, number>();
  for (const o of plan.filter((o) => ['RECEIVED', 'FULFILLMENT', 'PACKED'].includes(o.orderStatus)))
    for (const l of o.lines) openCount.set(l.product.sku, (openCount.get(l.product.sku) ?? 0) + 1);
  const [busySku, busyOrders] = [...openCount].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;

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
  /** The same work in this process through the data layer, with the time spent in DynamoDB per command. */
  const bare = async (times: number, fn: (i: number) => Promise<unknown>) => {
    const ms: number[] = [];
    const inDynamo: Array<Record<string, number>> = [];
    for (let i = 0; i < times; i++) {
      spent.take();
      const t = performance.now();
      await fn(i);
      ms.push(performance.now() - t);
      inDynamo.push(spent.take());
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const names = [...new Set(inDynamo.flatMap((r) => Object.keys(r)))].sort();
    return {
      ...summary(ms),
      medianMsInDynamoByCommand: Object.fromEntries(names.map((n) => [n, median(inDynamo.map((r) => r[n] ?? 0))])),
    };
  };

  // Reads first: they see the seeded data only.
  const to = new Date();
  const from = new Date(to.getTime() - 7 * DAY);
  const weekPath = `/db/orders/getByWeek/${from.toISOString()}/${to.toISOString()}`;
  const pendingPath = '/db/orders/getPendingOrders/';
  const outboundPath = `/db/orders/getPendingOutboundStock/${busySku}`;
  const pendingOrders = JSON.parse((await request('GET', pendingPath)).text) as Order[];
  const week = JSON.parse((await request('GET', weekPath)).text) as unknown[];
  const reads = {
    getPendingOrders: {
      orders: pendingOrders.length,
      lines: pendingOrders.reduce((sum, o) => sum + o.orderedItems.length, 0),
      responseKB: kb((await request('GET', pendingPath)).bytes),
      api: await timeCalls(samples, () => request('GET', pendingPath), summary),
      dynamoCalls: await callsPer(() => listPendingOrders()),
    },
    getByWeek: {
      orders: week.length,
      responseKB: kb((await request('GET', weekPath)).bytes),
      api: await timeCalls(samples, () => request('GET', weekPath), summary),
      dynamoCalls: await callsPer(() => listOrdersBetween(from.toISOString(), to.toISOString())),
    },
    getPendingOutboundStock: {
      sku: busySku,
      openOrders: busyOrders,
      responseKB: kb((await request('GET', outboundPath)).bytes),
      api: await timeCalls(samples, () => request('GET', outboundPath), summary),
      dynamoCalls: await callsPer(() => pendingOutboundOf(busySku)),
    },
  };
  console.log('orders: reads', reads);

  // The 200-line order: submit, update, getByID. For a customer of its own: the seeded ones owe invoices past
  // their terms, so their new orders go on credit hold (issue 23) and could not move to FULFILLMENT.
  const big = await bigOrderLines(products);
  const customer = await createCustomer(
    addCustomerBody.parse({ customerName: 'Bench Big Order Buyer', orderType: 'DELIVERY' }),
    actor,
  );
  const newBody: NewOrderBody = {
    customerID: customer.id,
    pickupOrder: false,
    deliveryDriverId: dan,
    deliveryDate: to.toISOString().slice(0, 10),
    orderStatus: 'RECEIVED',
    paymentStatus: 'AWAITING',
    notes: 'Bench order',
    products: big.lines,
  };
  let first: Order | undefined;
  const submit = await timeCalls(
    samples,
    async () => {
      const made = JSON.parse((await request('POST', '/db/orders/new', newBody)).text) as Order;
      if (made.orderedItems.length !== BIG_LINES) throw new Error(`submit kept ${made.orderedItems.length} lines`);
      first ??= made;
    },
    summary,
  );
  const target = first!;
  // Each update changes every line's quantity (+1, then back) and the status (FULFILLMENT ↔ RECEIVED).
  const updateBody = (i: number): UpdateOrderBody => ({
    orderStatus: i % 2 === 0 ? 'FULFILLMENT' : 'RECEIVED',
    orderItems: target.orderedItems.map((l) => ({
      id: l.id,
      ...(l.productId ? { productId: l.productId } : {}),
      productSku: l.productSku,
      productBatchId: l.productBatchId,
      quantity: l.quantity + (i % 2 === 0 ? 1 : 0),
      unitPrice: l.unitPrice,
    })),
  });
  const update = await timeCalls(
    samples,
    async (i) => {
      const saved = JSON.parse((await request('PUT', `/db/orders/update/${target.id}`, updateBody(i))).text) as Order;
      if (saved.orderStatus !== updateBody(i).orderStatus) throw new Error('update did not change the status');
    },
    summary,
  );
  const byIdPath = `/db/orders/getByID/${target.id}`;
  const writes = {
    lines: BIG_LINES,
    batchedLines: big.batched,
    submit: {
      api: submit,
      targetMs: 300,
      requestKB: kb(Buffer.byteLength(JSON.stringify(newBody))),
      dynamoCalls: await callsPer(() => createOrder(newBody, actor)),
      bareDataLayer: await bare(10, () => createOrder(newBody, actor)),
    },
    update: {
      note: 'every line quantity changed and the status changed (FULFILLMENT ↔ RECEIVED) in each request',
      api: update,
      targetMs: 300,
      dynamoCalls: await callsPer(() => updateOrder(target.id, updateBody(samples), actor)),
      bareDataLayer: await bare(10, (i) => updateOrder(target.id, updateBody(samples + 1 + i), actor)),
    },
    getByID: {
      responseKB: kb((await request('GET', byIdPath)).bytes),
      api: await timeCalls(samples, () => request('GET', byIdPath), summary),
      dynamoCalls: await callsPer(() => getOrder(target.id)),
    },
  };
  console.log('orders: 200-line order', writes);
  return { seeding, reads, order200Lines: writes };
}

/**
 * In Chromium, as a salesperson on the Orders page: the time from clicking 'New order' until the product
 * menu's search box and its first group are on screen (the dialog's code, the catalogue and prices loaded),
 * over `rounds` openings; then the keystroke → menu painted time of the menu search.
 */
export async function newOrderInBrowser(info: StackInfo, rounds: number, summary: Summary) {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    const sales = info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'SALES')!;
    await signIn(page, info.webUrl, sales.email, sales.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor({ timeout: 60_000 });
    const search = 'input[aria-label="Search products"]';
    const open = async (page: Page) => {
      await page.goto(`${info.webUrl}/orders`);
      const button = page.getByRole('button', { name: 'New order' }).first();
      await button.waitFor({ timeout: 60_000 });
      // The Orders page's own requests settle first, so the figure is the dialog's.
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
      const t = performance.now();
      await button.click();
      await page.locator(search).waitFor({ timeout: 60_000 });
      await page.locator('.ob-menu__groups li').first().waitFor({ timeout: 60_000 });
      return performance.now() - t;
    };
    const openings: number[] = [];
    for (let i = 0; i < rounds; i++) openings.push(await open(page));
    await page.waitForTimeout(500);
    const runs = [];
    for (let round = 0; round < 3; round++)
      for (const term of ['blue dream flower', 'og kush vape', 'gelato']) {
        await page.fill(search, '');
        await page.waitForTimeout(300);
        runs.push(await searchKeystrokeLatency(page, search, '.ob-menu__groups', term));
      }
    return {
      openNewOrderUntilMenuUsableMs: {
        ...summary(openings),
        note: 'Orders page loaded and idle, click on New order → product menu search box and first group visible; each opening on a fresh page load (the first also fetches the dialog code)',
        first: Math.round(openings[0]!),
      },
      menuSearchKeystrokeMs: {
        toDomCommit: summary(runs.flatMap((r) => r.commit)),
        toNextFrame: summary(runs.flatMap((r) => r.frame)),
        keystrokes: runs.reduce((sum, r) => sum + r.commit.length, 0),
        targetMs: 30,
      },
    };
  } finally {
    await browser.close();
  }
}
