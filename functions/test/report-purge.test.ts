import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addPaymentBody,
  newOrderBody,
  newPurchaseOrderBody,
  newReturnBody,
  RECEIVABLES_TOTAL_MONTHS,
  type Product,
} from '@bo/shared';
import {
  createBrand,
  createCustomer,
  createLocation,
  createOrder,
  createProduct,
  createProductType,
  createPurchaseOrder,
  createReturn,
  dynamoClient,
  listProductItems,
  recordPayment,
  resetClients,
  setClients,
  updateOrder,
  type Actor,
} from '../src/data';
import {
  PURGE_GRACE_SECONDS,
  PURGE_SETTLE_SECONDS,
  readReportState,
  runRebuild,
  startRebuild,
} from '../src/data/reports';
import { createOrdersBulk, createPaymentsBulk } from '../src/data/seed';
import { config } from '../src/config';
import { useFreshTable } from './support/env';
import { faultyDynamo } from './support/faulty-dynamo';

/**
 * Old report figures expire (issue 29): after a rebuild switches the generation reports read, every item of the one
 * before (cells of each month and scope, the receivables total's shards, contributions of orders, payments,
 * returns and purchase orders) carries `expiresAt`, and the new generation's none; a purge cut short resumes from
 * the progress in the report state. DynamoDB Local deletes nothing when `expiresAt` passes: the marks are checked.
 * Every item of a generation is found here by a Scan of the test's own table (the purge itself never scans).
 */

const admin: Actor = { userId: 'admin-1', roles: ['ADMIN'], isAdmin: true, name: 'Ada Admin' };
const FAR = () => Date.now() + 600_000;
const DAY = 86_400_000;

/** Every item of a generation (its cells and contributions: keys `$bo#gen_<gen>#…`), by a Scan of the test's table. */
async function itemsOf(gen: number): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({
        TableName: config.tableName,
        FilterExpression: 'begins_with(pk, :gen)',
        ExpressionAttributeValues: { ':gen': `$bo#gen_${gen}#` },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

const kindsOf = (items: ReadonlyArray<Record<string, unknown>>) => [...new Set(items.map((i) => i.__edb_e__))].sort();
const unmarked = (items: ReadonlyArray<Record<string, unknown>>) => items.filter((i) => i.expiresAt === undefined);

/** A rebuild, start to end, and its purge of the generation before (due at once: REPORT_PURGE_SETTLE_SECONDS 0). */
async function rebuild(): Promise<number> {
  await startRebuild(admin);
  expect(await runRebuild(FAR())).toBe('done');
  return (await readReportState())!.active;
}

let products: Product[];

beforeAll(async () => {
  await useFreshTable();
  process.env.REPORT_PURGE_SETTLE_SECONDS = '0';
  const type = await createProductType({ name: 'Flower' }, admin);
  const brand = await createBrand({ name: 'Purge Farms', skucode: 'PRG' }, admin);
  products = [];
  for (const [i, price] of [20, 35].entries())
    products.push(
      await createProduct(
        {
          name: `Purge product ${i}`,
          brandID: brand.id,
          typeID: type.id,
          status: 'ACTIVE',
          basePrice: price,
          cost: price / 2,
          discountEligible: true,
          hasBatch: false,
          hideFromCatalog: false,
          stock: 10_000,
        },
        admin,
      ),
    );
  const customer = await createCustomer(
    {
      customerName: 'Purge Buyer',
      commpref: 'EMAIL',
      type: 'WHOLESALE',
      orderType: 'PICKUP',
      priceAdjustment: 0,
      autoRefreshPricing: false,
    },
    admin,
  );
  const location = await createLocation({ name: 'Purge Warehouse', color: '#0972d3' }, admin);
  // This month: orders, a payment, a return, a purchase order, through the data layer as the routes make them.
  const orders = [];
  for (const quantity of [2, 3, 4])
    orders.push(
      await createOrder(
        newOrderBody.parse({
          customerID: customer.id,
          pickupOrder: true,
          products: [{ productSku: products[0]!.sku, productBatchId: null, quantity, unitPrice: 20 }],
        }),
        admin,
      ),
    );
  await recordPayment(
    customer.id,
    addPaymentBody.parse({
      amount: 40,
      paymentDate: new Date().toISOString().slice(0, 10),
      appliedPayments: [{ orderId: orders[0]!.id, amount: 40 }],
    }),
    admin,
  );
  await updateOrder(orders[1]!.id, { orderStatus: 'DELIVERED' }, admin);
  await createReturn(
    newReturnBody.parse({
      orderId: orders[1]!.id,
      reason: 'Damaged',
      lines: [{ productSku: products[0]!.sku, quantity: 1, disposition: 'WRITE_OFF' }],
      settlement: 'CREDIT',
    }),
    admin,
    { withPrices: true },
  );
  await createPurchaseOrder(
    newPurchaseOrderBody.parse({
      brandID: brand.id,
      purchaseOrderItems: [{ productSku: products[1]!.sku, orderQuantity: 10, unitCost: 17.5 }],
    }),
    admin,
  );
  // Months back, with empty months between (fewer than the 24 in a row that end a walk): bulk orders, paid.
  const stored = (await listProductItems()).filter((p) => products.some((q) => q.id === p.productId));
  for (const daysAgo of [95, 400]) {
    const [made] = await createOrdersBulk(
      [
        {
          customer: { customerId: customer.id, customerName: customer.customerName },
          orderStatus: 'COMPLETED',
          createdAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
          pickupOrder: true,
          packingLocationId: location.id,
          lines: stored.map((product) => ({ product, quantity: 2, priceCents: 1500 })),
        },
      ],
      admin,
    );
    await createPaymentsBulk({ customerId: customer.id, customerName: customer.customerName }, [
      {
        order: { orderId: made!.id, orderNum: made!.orderNum },
        amountCents: 1000,
        paymentDate: new Date(Date.now() - (daysAgo - 3) * DAY).toISOString().slice(0, 10),
        paymentMethod: 'CHECK',
      },
    ]);
  }
}, 120_000);

afterEach(() => resetClients());

describe('an old generation of report figures expires after a rebuild switches', () => {
  it('marks every cell and contribution of the generation before, and none of the new one', async () => {
    const first = await rebuild();
    const before = await itemsOf(first);
    // What the purge has to reach: cells of every kind of record, the total's shards, each kind of contribution.
    expect(kindsOf(before)).toEqual(['salesCell', 'salesContribution']);
    const months = new Set(before.map((i) => i.month).filter(Boolean));
    expect(months.size).toBeGreaterThanOrEqual(4); // this month, 3 and 13 months back, total shards
    expect([...months].some((m) => RECEIVABLES_TOTAL_MONTHS.includes(m as string))).toBe(true);
    const ids = before.map((i) => String(i.orderId ?? ''));
    for (const prefix of ['pay#', 'ret#', 'po#']) expect(ids.some((id) => id.startsWith(prefix))).toBe(true);
    expect(ids.some((id) => id && !id.includes('#'))).toBe(true);
    expect(unmarked(before)).toHaveLength(before.length);

    const switchedAt = Date.now();
    const second = await rebuild();
    expect(second).not.toBe(first);
    const state = (await readReportState())!;
    expect(state.purging).toBeUndefined();
    const old = await itemsOf(first);
    expect(old).toHaveLength(before.length);
    expect(unmarked(old)).toEqual([]);
    // A day ahead of the switch, the same for every item.
    const expiries = new Set(old.map((i) => i.expiresAt));
    expect(expiries.size).toBe(1);
    const expiresAt = [...expiries][0] as number;
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(switchedAt / 1000) + PURGE_GRACE_SECONDS);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + PURGE_GRACE_SECONDS);
    const current = await itemsOf(second);
    expect(current.length).toBe(before.length);
    expect(unmarked(current)).toHaveLength(current.length);
  }, 120_000);

  it('a purge cut short resumes where the report state says, and marks the rest', async () => {
    const previous = (await readReportState())!.active;
    const items = await itemsOf(previous);
    // The purge's updates fail after 20 marks (a step cut short by a timeout, say).
    const { client, mock, real } = faultyDynamo();
    let marks = 0;
    mock.on(UpdateCommand).callsFake((input: UpdateCommand['input']) => {
      if (JSON.stringify(input.ExpressionAttributeNames ?? {}).includes('expiresAt') && ++marks > 20)
        return Promise.reject(Object.assign(new Error('Task timed out'), { name: 'TimeoutError' }));
      return real.send(new UpdateCommand(input));
    });
    setClients({ dynamo: client });
    await startRebuild(admin);
    await expect(runRebuild(FAR())).rejects.toThrow('Task timed out');
    setClients({ dynamo: real });
    const cut = (await readReportState())!;
    expect(cut.active).not.toBe(previous);
    expect(cut.purging).toHaveLength(1);
    expect(cut.purging![0]).toMatchObject({ gen: previous });
    expect(cut.purging![0]!.marked).toBeGreaterThan(0);
    const half = unmarked(await itemsOf(previous)).length;
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(items.length);

    // The job's next step takes it up from there.
    expect(await runRebuild(FAR())).toBe('done');
    expect((await readReportState())!.purging).toBeUndefined();
    expect(unmarked(await itemsOf(previous))).toEqual([]);
    expect(unmarked(await itemsOf(cut.active))).toHaveLength((await itemsOf(cut.active)).length);
  }, 120_000);

  it('waits until writers that read the state before the switch are done (PURGE_SETTLE_SECONDS)', async () => {
    delete process.env.REPORT_PURGE_SETTLE_SECONDS;
    try {
      const previous = (await readReportState())!.active;
      const switchedAt = Date.now();
      await startRebuild(admin);
      // The purge is not due: the step sends itself a delayed step and ends; nothing is marked yet.
      expect(await runRebuild(FAR())).toBe('done');
      const [purge] = (await readReportState())!.purging!;
      expect(purge!.gen).toBe(previous);
      expect(Date.parse(purge!.from) - switchedAt).toBeGreaterThanOrEqual(PURGE_SETTLE_SECONDS * 1000 - 1000);
      expect(unmarked(await itemsOf(previous))).toHaveLength((await itemsOf(previous)).length);
    } finally {
      process.env.REPORT_PURGE_SETTLE_SECONDS = '0';
    }
  }, 120_000);
});
