import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { type RawItem, dynamoClient, getRaw, put, queryAll } from '../src/data/core';
import { scanPages } from '../src/data/core/scan';
import { customerEntity } from '../src/data/customers/entity';
import { NO_DRIVER, type OrderHeaderItem, orderEntity } from '../src/data/orders/entity';
import { productEntity } from '../src/data/products/entity';
import { ledgerKey } from '../src/data/stock-ledger';
import { repairIndexKeys } from '../src/data/seed';
import { useFreshTable } from './support/env';

/**
 * The issue-21 migration: items written while `fromItem` leaked gsi4/gsi5 keys into records carry index
 * keys their record no longer implies. `repairIndexKeys` (run by `npm start` on kept data) makes every
 * entity item's index keys those of its record, touches nothing else, and is a no-op the second time.
 */

const at = '2026-06-01T10:00:00.000Z';
const header = (orderId: string, over: Partial<OrderHeaderItem> = {}): OrderHeaderItem => ({
  orderId,
  orderNum: orderId,
  orderStatus: 'DELIVERED',
  paymentStatus: 'AWAITING',
  statusModifiedOn: at,
  paymentModifiedOn: at,
  createdAt: at,
  createdMonth: '2026-06',
  modifiedOn: at,
  version: 1,
  customerID: 'customer-m',
  customerName: 'Migrated Buyer',
  accountOwnerID: 'owner-m',
  pickupOrder: true,
  driverKey: NO_DRIVER,
  discountCents: 0,
  unitQuantity: 2,
  costCents: 800,
  subtotalCents: 2_000,
  paidCents: 0,
  lineCount: 1,
  lineGroups: 1,
  skuQuantities: { 'M-1': 2 },
  ...over,
});

const putRaw = (Item: RawItem) => dynamoClient().send(new PutCommand({ TableName: config.tableName, Item }));
const LATER_KEYS = ['gsi4pk', 'gsi4sk', 'gsi5pk', 'gsi5sk'] as const;
const pickKeys = (item: RawItem) => Object.fromEntries(LATER_KEYS.map((k) => [k, item[k]]));

/** Every item of the table but the migration's own marker, by key. */
async function snapshot(): Promise<Map<string, RawItem>> {
  const items = new Map<string, RawItem>();
  for await (const page of scanPages())
    for (const item of page) if (item.pk !== 'migrations') items.set(`${item.pk}|${item.sk}`, item);
  return items;
}
const without = (item: RawItem | undefined, names: readonly string[]) =>
  Object.fromEntries(Object.entries(item ?? {}).filter(([n]) => !names.includes(n)));

const owing = async () => (await queryAll(orderEntity, 'owing', {})).map((o) => o.orderId).sort();
const commission = async () =>
  (await queryAll(orderEntity, 'commission', { accountOwnerID: 'owner-m' })).map((o) => o.orderId).sort();

beforeAll(async () => {
  await useFreshTable();
  const delivered = header('stale-cancelled');
  // As the leaking code stored them: cancelled or fully paid, with the keys of when they were owed.
  await putRaw({
    ...orderEntity.toItem(header('stale-cancelled', { orderStatus: 'CANCELLED', paidCents: 2_000, version: 2 })),
    ...pickKeys(orderEntity.toItem(delivered)),
  });
  await putRaw({
    ...orderEntity.toItem(header('stale-paid', { orderStatus: 'COMPLETED', paidCents: 2_000 })),
    ...pickKeys(orderEntity.toItem(header('stale-paid', { orderStatus: 'COMPLETED' }))),
  });
  // Correct items, of several entities; one no entity owns and a stock-ledger bucket (no markers).
  await put(orderEntity, header('owed'));
  await put(orderEntity, header('open', { orderStatus: 'PACKED' }));
  await put(customerEntity, {
    customerId: 'customer-m',
    customerName: 'Migrated Buyer',
    commpref: 'EMAIL',
    type: 'RETAIL',
    orderType: 'PICKUP',
    priceAdjustment: 0,
    creditCents: 0,
    autoRefreshPricing: false,
    customPricingCount: 0,
    version: 1,
    createdAt: at,
    modifiedOn: at,
  });
  await put(productEntity, {
    productId: 'product-m',
    shard: '0',
    sku: 'M-1',
    brandID: 'brand-m',
    typeID: 'type-m',
    name: 'Migrated',
    productLineIDs: [],
    status: 'ACTIVE',
    basePriceCents: 1_000,
    discountEligible: true,
    hasBatch: false,
    hideFromCatalog: false,
    version: 1,
    createdAt: at,
    modifiedOn: at,
  });
  await putRaw({ pk: 'mystery', sk: 'item', __edb_e__: 'retired', __edb_v__: '1', gsi4pk: 'x', gsi4sk: 'y' });
  await putRaw({ ...ledgerKey(3), sabc: 4, gsi5pk: 'not-an-entity' });
});

describe('repairIndexKeys', () => {
  it('removes the stale gsi4/gsi5 keys, changes nothing else, and does nothing the second time', async () => {
    expect(await owing()).toEqual(['open', 'owed', 'stale-cancelled', 'stale-paid']);
    expect(await commission()).toEqual(['owed', 'stale-cancelled', 'stale-paid']);
    const before = await snapshot();

    expect(await repairIndexKeys()).toBe(2);
    const after = await snapshot();
    expect(await owing()).toEqual(['open', 'owed']);
    expect(await commission()).toEqual(['owed', 'stale-paid']);

    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const repaired = ['stale-cancelled', 'stale-paid'].map((id) => {
      const { pk, sk } = orderEntity.key({ orderId: id });
      return `${pk}|${sk}`;
    });
    for (const [key, item] of before) {
      if (!repaired.includes(key)) expect(after.get(key), key).toEqual(item);
      else expect(without(after.get(key), LATER_KEYS), key).toEqual(without(item, LATER_KEYS));
    }
    // The completed, fully paid order stays in `commission` (it is still one a commission may pay).
    expect(pickKeys(after.get(repaired[1]!)!)).toEqual(
      pickKeys(orderEntity.toItem(header('stale-paid', { orderStatus: 'COMPLETED', paidCents: 2_000 }))),
    );

    // A second start skips it (the pass is recorded); run again anyway, it finds nothing to change.
    expect(await getRaw({ pk: 'migrations', sk: 'repairIndexKeys' })).toMatchObject({ fixed: 2 });
    expect(await repairIndexKeys()).toBe(0);
    expect(await repairIndexKeys({ again: true })).toBe(0);
    expect(await snapshot()).toEqual(after);
  });

  it('gives an item the index keys it lacks (a table written before an index existed)', async () => {
    const { gsi5pk: _pk, gsi5sk: _sk, ...withoutCommission } = orderEntity.toItem(header('no-gsi5'));
    await putRaw(withoutCommission);
    expect(await commission()).not.toContain('no-gsi5');
    expect(await repairIndexKeys({ again: true })).toBe(1);
    expect(await commission()).toContain('no-gsi5');
    expect(await repairIndexKeys({ again: true })).toBe(0);
  });
});
