import fc from 'fast-check';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  batchGet,
  createBrand,
  createCustomer,
  createLocation,
  createOrder,
  createProduct,
  createProductType,
  createReturn,
  getWhole,
  get,
  put,
  queryAll,
  setClients,
  recordPayment,
  updateBrand,
  updateOrder,
  userEntity,
  type Actor,
} from '@bo/functions/data';
import {
  readReportState,
  readSalesReport,
  reportStatus,
  reconcileOrders,
  runRebuild,
  salesCellEntity,
  salesContributionEntity,
  startRebuild,
  targetCells,
  FIGURES_KIND,
  ensureReportFigures,
  reportStateEntity,
  PAYMENT_FIGURES,
  RETURN_FIGURES,
  reconcile,
  type FigureSource,
  type Generation,
  type OrderChunks,
} from '@bo/functions/data/reports';

import {
  RECEIVABLES_TOTAL_MONTHS,
  SALES_DIMENSIONS,
  addCounters,
  addPaymentBody,
  newOrderBody,
  newReturnBody,
  updateOrderBody,
  salesReportQuery,
  type Counters,
  type Product,
} from '@bo/shared';
import { DomainError, statusOf } from '../../functions/src/domain';
import { useFreshTable } from '../../functions/test/support/env';
import { faultyDynamo } from '../../functions/test/support/faulty-dynamo';
import { handler as salesHandler } from '../src/consumers/sales-figures';
import { handler as receivablesHandler } from '../src/consumers/receivable-figures';
import { CONSUMERS, matchesConsumer } from '../src/consumers';
import { followStream } from './support/stream';

/**
 * The sales figures against DynamoDB Local and its stream: random histories of orders, edits, cancellations,
 * payments and returns applied by the stream consumer (batches delivered twice at random, as a retried batch
 * is) give the same cells as a rebuild from the records, and both give what adding up `saleOf` over every
 * order gives (the naive recompute).
 */

const admin: Actor = { userId: 'admin-1', roles: ['ADMIN'], isAdmin: true, name: 'Ada Admin' };
const sales: Actor = { userId: 'rep-1', roles: ['SALES'], isAdmin: false, name: 'Sam Sales' };
const FAR = () => Date.now() + 600_000;
const month = new Date().toISOString().slice(0, 7);

let stream: Awaited<ReturnType<typeof followStream>>;
let products: Product[];
let customers: string[];
let brandIds: string[];
const orderIds: string[] = [];
const paymentIds: string[] = [];
const returnIds: string[] = [];
/** The kinds of command that did something (each must have, or the property proved little). */
const done = new Set<string>();

beforeAll(async () => {
  stream = await followStream(await useFreshTable());
  const types = [await createProductType({ name: 'Flower' }, admin), await createProductType({ name: 'Vapes' }, admin)];
  const brands = [
    await createBrand({ name: 'Figures Farms', skucode: 'FIG' }, admin),
    await createBrand({ name: 'Ledger Labs', skucode: 'LED' }, admin),
  ];
  brandIds = brands.map((b) => b.id);
  products = [];
  for (const [i, [brand, type, price, cost]] of (
    [
      [0, 0, 20, 8],
      [0, 1, 35, 15.5],
      [1, 0, 12.5, 4.25],
      [1, 1, 50, 31],
    ] as const
  ).entries())
    products.push(
      await createProduct(
        {
          name: `Figure product ${i}`,
          brandID: brands[brand]!.id,
          typeID: types[type]!.id,
          status: 'ACTIVE',
          basePrice: price,
          cost,
          discountEligible: true,
          hasBatch: false,
          hideFromCatalog: false,
          stock: 100_000,
        },
        admin,
      ),
    );
  const at = new Date().toISOString();
  for (const [id, name] of [
    ['rep-1', 'Sam Sales'],
    ['rep-2', 'Rae Rep'],
  ] as const)
    await put(userEntity, {
      id,
      username: id,
      name,
      email: `${id}@example.com`,
      role: ['SALES'],
      createdAt: at,
      modifiedOn: at,
    });
  customers = [];
  for (const [name, type, owner] of [
    ['Figures Wholesale', 'WHOLESALE', 'rep-1'],
    ['Figures Retail', 'RETAIL', 'rep-2'],
    ['Figures Walk-in', 'VIP', undefined],
  ] as const)
    customers.push(
      (
        await createCustomer(
          {
            customerName: name,
            commpref: 'EMAIL',
            type,
            orderType: 'PICKUP',
            priceAdjustment: 0,
            autoRefreshPricing: false,
            ...(owner ? { accountOwnerID: owner } : {}),
          },
          sales,
        )
      ).id,
    );
  await createLocation({ name: 'Figures Warehouse', color: '#0972d3' }, admin);
  // Figures from the start: an empty generation, kept from here on by the stream.
  await startRebuild(admin);
  await runRebuild(FAR());
  expect((await readReportState())?.active).toBeGreaterThan(0);
}, 300_000);

/** Every counter of a generation's cells this month (and the receivables total's shards), by cell, zeros left out. */
async function cellsOf(gen: number): Promise<Record<string, Counters>> {
  const out: Record<string, Counters> = {};
  const parts = [
    ...['all', 'receivables', ...SALES_DIMENSIONS].map((scope) => ({ month, scope })),
    ...RECEIVABLES_TOTAL_MONTHS.map((total) => ({ month: total, scope: 'receivables' })),
  ];
  for (const part of parts) {
    for (const cell of await queryAll(salesCellEntity, 'primary', { gen, ...part })) {
      const counters: Counters = {};
      for (const [name, value] of Object.entries(cell))
        if (typeof value === 'number' && value !== 0 && !['gen'].includes(name)) counters[name] = value;
      if (Object.keys(counters).length)
        out[`${part.month}|${part.scope}|${cell.gran}|${cell.key}|${cell.slot}`] = counters;
    }
  }
  return out;
}

/** The naive recompute: every order's, payment's and return's cells added up (what the figures must equal). */
async function recomputed(excluded: ReadonlySet<string>): Promise<Record<string, Counters>> {
  const sum: Record<string, Counters> = {};
  const add = (cells: Record<string, Counters>) => {
    for (const [cell, counters] of Object.entries(cells)) {
      const [cellMonth, scope, gran, key, slot] = cell.split('\u0001');
      const name = `${cellMonth}|${scope}|${gran}|${key}|${slot}`;
      sum[name] = addCounters(sum[name] ?? {}, counters);
    }
  };
  const others: Array<[FigureSource, string[]]> = [
    [PAYMENT_FIGURES, paymentIds],
    [RETURN_FIGURES, returnIds],
  ];
  for (const [source, ids] of others)
    for (const snapshot of await source.read(ids)) if (snapshot) add(snapshot.cells({ gen: 0, excluded }));
  const types = new Map([
    [customers[0]!, 'WHOLESALE'],
    [customers[1]!, 'RETAIL'],
    [customers[2]!, 'VIP'],
  ]);
  for (const id of orderIds) add(targetCells(await getWhole(id), types, { gen: 0, excluded }));
  for (const [name, counters] of Object.entries(sum)) {
    for (const [k, v] of Object.entries(counters)) if (v === 0) delete counters[k];
    if (!Object.keys(counters).length) delete sum[name];
  }
  return sum;
}

/** Runs `work` with its `nth` TransactWriteItems failing as a Lambda cut off there would, and expects that failure. */
async function failingTransaction(nth: number, work: () => Promise<unknown>) {
  const { client, mock, real } = faultyDynamo();
  let transactions = 0;
  mock.on(TransactWriteCommand).callsFake((input: TransactWriteCommand['input']) => {
    transactions++;
    if (transactions === nth)
      return Promise.reject(Object.assign(new Error('Lambda timed out'), { name: 'TimeoutError' }));
    return real.send(new TransactWriteCommand(input));
  });
  setClients({ dynamo: client });
  try {
    await expect(work()).rejects.toThrow('Lambda timed out');
  } finally {
    setClients({ dynamo: real });
  }
}

/** Hands the stream's new records to the consumer; `twice` delivers the batch again, as a retry does. */
async function drain(twice: boolean) {
  const records: DynamoDBRecord[] = await stream.next();
  for (let i = 0; i < records.length; i += 100) {
    const part = records.slice(i, i + 100);
    for (const [name, handler] of [
      ['sales-figures', salesHandler],
      ['receivable-figures', receivablesHandler],
    ] as const) {
      const batch = stream.event(part.filter((r) => matchesConsumer(CONSUMERS[name].filter, r as never)));
      if (!batch.Records.length) continue;
      expect((await handler(batch)).batchItemFailures).toEqual([]);
      if (twice) expect((await handler(batch)).batchItemFailures).toEqual([]);
    }
  }
}

const line = fc.record({
  product: fc.integer({ min: 0, max: 3 }),
  quantity: fc.integer({ min: 1, max: 9 }),
  price: fc.integer({ min: 100, max: 6000 }),
});
const command = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    customer: fc.integer({ min: 0, max: 2 }),
    lines: fc.array(line, { minLength: 1, maxLength: 4 }),
    discount: fc.integer({ min: 0, max: 900 }),
  }),
  fc.record({
    kind: fc.constant('edit' as const),
    order: fc.nat(),
    lines: fc.array(line, { minLength: 1, maxLength: 4 }),
    discount: fc.integer({ min: 0, max: 900 }),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    order: fc.nat(),
    status: fc.constantFrom('CANCELLED', 'DELIVERED', 'RECEIVED', 'DRAFT'),
  }),
  fc.record({ kind: fc.constant('pay' as const), order: fc.nat(), cents: fc.integer({ min: 100, max: 5000 }) }),
  fc.record({ kind: fc.constant('return' as const), order: fc.nat(), units: fc.integer({ min: 1, max: 3 }) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const linesOf = (lines: ReadonlyArray<{ product: number; quantity: number; price: number }>) =>
  lines.map((l) => ({
    productSku: products[l.product]!.sku,
    productBatchId: null,
    quantity: l.quantity,
    unitPrice: l.price / 100,
  }));

/** Runs a command through the data layer; a refusal (a rule of the domain) is a command that did nothing. */
async function run(c: Command): Promise<void> {
  const pick = (n: number) => orderIds[n % orderIds.length];
  try {
    if (c.kind === 'create') {
      const order = await createOrder(
        newOrderBody.parse({
          customerID: customers[c.customer],
          pickupOrder: true,
          dollarAdjustment: c.discount / 100,
          products: linesOf(c.lines),
        }),
        admin,
      );
      orderIds.push(order.id);
      done.add(c.kind);
      return;
    }
    const id = pick(c.order);
    if (!id) return;
    if (c.kind === 'edit')
      await updateOrder(
        id,
        updateOrderBody.parse({ orderItems: linesOf(c.lines), dollarAdjustment: c.discount / 100 }),
        admin,
      );
    else if (c.kind === 'status') await updateOrder(id, { orderStatus: c.status }, admin);
    else if (c.kind === 'pay') {
      const whole = await getWhole(id);
      const payment = await recordPayment(
        whole!.header.customerID,
        addPaymentBody.parse({
          amount: c.cents / 100,
          paymentDate: new Date().toISOString().slice(0, 10),
          appliedPayments: [{ orderId: id, amount: c.cents / 100 }],
        }),
        admin,
      );
      paymentIds.push(payment.id);
    } else {
      // A return needs a delivered order: deliver it first (a change of its own, on the stream too).
      if (!['DELIVERED', 'COMPLETED'].includes((await getWhole(id))!.header.orderStatus))
        await updateOrder(id, { orderStatus: 'DELIVERED' }, admin);
      const whole = (await getWhole(id))!;
      const first = whole.lines[0]!;
      const made = await createReturn(
        newReturnBody.parse({
          orderId: id,
          reason: 'Damaged',
          lines: [{ productSku: first.sku, quantity: c.units, disposition: 'WRITE_OFF' }],
          settlement: 'CREDIT',
        }),
        admin,
        { withPrices: true },
      );
      returnIds.push(made.id);
    }
    done.add(c.kind);
  } catch (error) {
    if (!(error instanceof DomainError) || statusOf(error) >= 500) throw error;
  }
}

describe('sales figures from the stream', () => {
  it('agree with a rebuild and with a recompute from the orders over random histories', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(command, fc.boolean()), { minLength: 3, maxLength: 10 }), async (steps) => {
        for (const [c, twice] of steps) {
          await run(c);
          await drain(twice);
        }
        const state = (await readReportState())!;
        const incremental = await cellsOf(state.active);
        expect(incremental).toEqual(await recomputed(new Set(state.excluded)));
        await startRebuild(admin);
        await runRebuild(FAR());
        const rebuilt = (await readReportState())!;
        expect(rebuilt.active).not.toBe(state.active);
        expect(await cellsOf(rebuilt.active)).toEqual(incremental);
      }),
      {
        numRuns: 6,
        // First a history that does each kind of command (a return needs a delivered order the random ones may
        // not reach), then the random ones.
        examples: [
          [
            [
              [
                { kind: 'create', customer: 0, lines: [{ product: 0, quantity: 6, price: 1500 }], discount: 300 },
                false,
              ],
              [{ kind: 'edit', order: 0, lines: [{ product: 1, quantity: 5, price: 2500 }], discount: 0 }, true],
              [{ kind: 'pay', order: 0, cents: 2000 }, false],
              [{ kind: 'status', order: 0, status: 'DELIVERED' }, false],
              [{ kind: 'return', order: 0, units: 2 }, true],
            ],
          ],
        ],
      },
    );
    expect([...done].sort()).toEqual(['create', 'edit', 'pay', 'return', 'status']);
  }, 300_000);

  it('a report reads the figures: totals by brand and the filter of one rep', async () => {
    await drain(false);
    const q = salesReportQuery.parse({
      from: `${month}-01`,
      to: new Date().toISOString().slice(0, 10),
      groupBy: 'brand',
    });
    const report = await readSalesReport(q);
    const expected = await recomputed(new Set());
    const all = expected[`${month}|all|M|*|-`] ?? {};
    expect(report.total.revenue).toBe((all.r ?? 0) / 100);
    expect(report.total.units).toBe(all.u ?? 0);
    // Orders of two brands are in both brands' series, and once in the total.
    expect(report.total.orders).toBe(all.n ?? 0);
    expect(report.series.map((s) => s.key).sort()).toEqual(
      brandIds.filter((b) => expected[`${month}|brand|M|${b}|-`]).sort(),
    );
    for (const s of report.series)
      expect(s.total.revenue).toBe((expected[`${month}|brand|M|${s.key}|-`]!.r ?? 0) / 100);
    const mine = await readSalesReport(salesReportQuery.parse({ from: q.from, to: q.to }), { rep: 'rep-1' });
    expect(mine.filter).toMatchObject({ dimension: 'rep', key: 'rep-1' });
    expect(mine.total.revenue).toBe((expected[`${month}|rep|M|rep-1|-`]?.r ?? 0) / 100);
  });

  it('a brand excluded from reporting leaves the figures once they are rebuilt, and the status says so', async () => {
    await updateBrand(brandIds[1]!, { excludeFromReporting: true } as never, admin);
    expect(await reportStatus(await readReportState())).toMatchObject({ exclusionChanged: true, excludedBrands: [] });
    await startRebuild(admin);
    await runRebuild(FAR());
    const status = await reportStatus(await readReportState());
    expect(status).toMatchObject({
      exclusionChanged: false,
      excludedBrands: [{ id: brandIds[1], name: 'Ledger Labs' }],
    });
    const state = (await readReportState())!;
    const cells = await cellsOf(state.active);
    expect(Object.keys(cells).some((k) => k.startsWith(`${month}|brand|M|${brandIds[1]}|`))).toBe(false);
    expect(cells).toEqual(await recomputed(new Set([brandIds[1]!])));
  });

  it('two runs at once over the same orders apply each change once', async () => {
    const state = (await readReportState())!;
    const gens = [{ gen: state.active, excluded: new Set(state.excluded) }];
    await drain(false);
    const order = await createOrder(
      newOrderBody.parse({
        customerID: customers[0],
        pickupOrder: true,
        products: linesOf([{ product: 0, quantity: 3, price: 2000 }]),
      }),
      admin,
    );
    orderIds.push(order.id);
    await updateOrder(
      order.id,
      updateOrderBody.parse({ orderItems: linesOf([{ product: 2, quantity: 5, price: 1250 }]) }),
      admin,
    );
    await stream.next(); // applied by hand below, by two runs racing
    await Promise.all([
      reconcileOrders(orderIds, gens),
      reconcileOrders(orderIds, gens),
      reconcileOrders([order.id], gens),
    ]);
    expect(await cellsOf(state.active)).toEqual(await recomputed(new Set(state.excluded)));
  }, 120_000);

  /** A generation's contributions that lead a batch still in progress, and those that are batch members. */
  const batchesIn = async (gen: number) => {
    const keys = [
      ...orderIds,
      ...paymentIds.map((id) => PAYMENT_FIGURES.prefix + id),
      ...returnIds.map((id) => RETURN_FIGURES.prefix + id),
    ].map((orderId) => ({ gen, orderId }));
    const items = await batchGet(salesContributionEntity, keys, { consistent: true });
    return {
      leaders: items.filter((c) => c.pending && 'members' in c.pending).length,
      members: items.filter((c) => c.pending && 'leader' in c.pending).length,
    };
  };

  /** Every order, payment and return of the file reconciled into a generation, in transactions of `items` items. */
  const reconcileAll = async (g: Generation, items: number) => {
    const options = { transactionItems: items };
    const counts = await reconcileOrders(orderIds, [g], options);
    for (const [source, ids] of [
      [PAYMENT_FIGURES, paymentIds],
      [RETURN_FIGURES, returnIds],
    ] as const)
      await reconcile(source, ids, [g], options);
    return counts;
  };

  it('orders whose cells do not fit in one transaction are applied in batches, and a batch cut short is finished by the next run', async () => {
    await drain(false);
    const state = (await readReportState())!;
    // A generation of its own (no stream writes it), built in transactions of 8 items: batches of 8 orders whose
    // summed change goes 7 cells a transaction.
    const g = { gen: state.active + 11, excluded: new Set(state.excluded) };
    // Enough orders for several batches, whatever the random histories made, and one of this test's own.
    const target = Math.max(20, orderIds.length + 1);
    for (let i = orderIds.length; i < target; i++)
      await run({
        kind: 'create',
        customer: i % 3,
        lines: [
          { product: i % 4, quantity: 1 + (i % 5), price: 700 + 37 * i },
          { product: (i + 1) % 4, quantity: 2, price: 1900 },
        ],
        discount: 0,
      });
    await drain(false);
    // The third transaction fails: the first batch is locked and one of its chunks applied.
    await failingTransaction(3, () => reconcileAll(g, 8));
    expect(await batchesIn(g.gen)).toEqual({ leaders: 1, members: 7 });
    // The next run finishes the batch, then applies the rest; a run after that changes nothing.
    const first = await reconcileAll(g, 8);
    expect(first.changed).toBeGreaterThan(0);
    expect(await cellsOf(g.gen)).toEqual(await recomputed(g.excluded));
    expect((await reconcileAll(g, 8)).changed).toBe(0);
    expect(await cellsOf(g.gen)).toEqual(await recomputed(g.excluded));
    // An order changed after: its contribution, a settled batch member, is replaced in the one transaction it fits.
    const own = orderIds.at(-1)!;
    await updateOrder(
      own,
      updateOrderBody.parse({ orderItems: linesOf([{ product: 3, quantity: 2, price: 4100 }]) }),
      admin,
    );
    expect((await reconcileOrders([own], [g])).changed).toBe(1);
    expect(await cellsOf(g.gen)).toEqual(await recomputed(g.excluded));
    await drain(false);
  }, 300_000);

  it('three runs at once in batches apply each change once', async () => {
    const state = (await readReportState())!;
    const g = { gen: state.active + 12, excluded: new Set(state.excluded) };
    await Promise.all([reconcileAll(g, 8), reconcileAll(g, 8), reconcileAll(g, 12)]);
    expect(await cellsOf(g.gen)).toEqual(await recomputed(g.excluded));
    // No batch is left in progress (its members stay as they are, settled by their leader).
    expect((await batchesIn(g.gen)).leaders).toBe(0);
  }, 300_000);

  it('an order touching more cells than a transaction holds is applied in chunks, and resumes after a failure between them', async () => {
    const state = (await readReportState())!;
    const gens = [{ gen: state.active, excluded: new Set(state.excluded) }];
    const brand = await createBrand({ name: 'Many Types Co', skucode: 'MTC' }, admin);
    const many: Product[] = [];
    for (let i = 0; i < 46; i++) {
      const type = await createProductType({ name: `Chunk type ${i}` }, admin);
      many.push(
        await createProduct(
          {
            name: `Chunk product ${i}`,
            brandID: brand.id,
            typeID: type.id,
            status: 'ACTIVE',
            basePrice: 10,
            cost: 4,
            discountEligible: true,
            hasBatch: false,
            hideFromCatalog: false,
            stock: 1000,
          },
          admin,
        ),
      );
    }
    await drain(false);
    const order = await createOrder(
      newOrderBody.parse({
        customerID: customers[1],
        pickupOrder: true,
        products: many.map((p, i) => ({
          productSku: p.sku,
          productBatchId: null,
          quantity: 1 + (i % 3),
          unitPrice: 10,
        })),
      }),
      admin,
    );
    orderIds.push(order.id);
    await stream.next();
    // The second chunk's transaction fails once: the change stays recorded half-way on the contribution.
    await failingTransaction(3, () => reconcileOrders([order.id], gens));
    const half = await get(salesContributionEntity, { gen: state.active, orderId: order.id }, { consistent: true });
    expect(half?.pending).toMatchObject({ applied: 1 });
    expect((half!.pending as OrderChunks).chunks.length).toBeGreaterThan(1);
    // The next run finishes it, and a run after that adds nothing.
    await reconcileOrders([order.id], gens);
    await reconcileOrders([order.id], gens);
    expect(await cellsOf(state.active)).toEqual(await recomputed(new Set(state.excluded)));
    expect((await get(salesContributionEntity, { gen: state.active, orderId: order.id }))?.pending).toBeUndefined();
  }, 300_000);

  it('a start rebuilds figures built before a kind of figure was added, and only those', async () => {
    const built = (await readReportState())!;
    expect(built.kinds).toBe(FIGURES_KIND);
    expect(await ensureReportFigures(admin)).toBe(false);
    const { kinds: _kinds, ...older } = built;
    await put(reportStateEntity, { ...older, version: built.version + 1 });
    expect(await ensureReportFigures(admin)).toBe(true);
    await runRebuild(FAR());
    expect((await readReportState())?.kinds).toBe(FIGURES_KIND);
  });
});
