import { describe, expect, it } from 'vitest';
import { brandEntity, productLineEntity } from '../src/data/brands';
import { updateInput } from '../src/data/core';
import {
  customPriceEntity,
  priceHistoryEntity,
  pricingSnapshotEntryEntity,
  pricingSnapshotHeaderEntity,
} from '../src/data/custom-pricing';
import { customerEntity } from '../src/data/customers';
import { extractTypeEntity, productTypeEntity } from '../src/data/product-types';
import { batchEntity, productEntity, skuCounterEntity, skuGuardEntity } from '../src/data/products';

/**
 * The catalogue's and customers' items keep the keys ElectroDB wrote before the data core replaced it, so
 * tables written then need no migration. The expected strings are what ElectroDB 3.9 produced for the same
 * records (compared side by side when these entities were ported).
 */

const KEYS = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'];
const keysOf = (item: Record<string, unknown>) =>
  Object.fromEntries(KEYS.filter((k) => k in item).map((k) => [k, item[k]]));
/** The attributes an update sets (placeholders resolved). */
const setsOf = (input: ReturnType<typeof updateInput>) => {
  const names = (input as { ExpressionAttributeNames?: Record<string, string> }).ExpressionAttributeNames ?? {};
  const values = (input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues ?? {};
  const out: Record<string, unknown> = {};
  for (const [, n, v] of input.UpdateExpression.matchAll(/(#n\d+) = (:v\d+)/g)) out[names[n!]!] = values[v!];
  return out;
};

const now = '2026-01-02T03:04:05.000Z';
const product = {
  productId: 'P-Id-1',
  shard: '2',
  sku: 'ACM-FLO-0007',
  brandID: 'Brand-1',
  typeID: 'Type-1',
  name: 'Blue Dream',
  productLineIDs: [],
  status: 'ACTIVE' as const,
  basePriceCents: 1000,
  discountEligible: true,
  hasBatch: true,
  hideFromCatalog: false,
  version: 1,
  createdAt: now,
  modifiedOn: now,
};
const customer = {
  customerId: 'C-1',
  customerName: 'Mile High Collective',
  commpref: 'EMAIL' as const,
  type: 'RETAIL' as const,
  orderType: 'DELIVERY' as const,
  priceAdjustment: 0,
  creditCents: 0,
  autoRefreshPricing: false,
  customPricingCount: 0,
  version: 1,
  createdAt: now,
  modifiedOn: now,
};

describe('catalogue and customer keys (as ElectroDB wrote them)', () => {
  it('products: the product/batch collection, the brand, listing-shard and type indexes', () => {
    expect(keysOf(productEntity.toItem(product))).toEqual({
      pk: '$bo#productid_p-id-1',
      sk: '$productbatches#product_1',
      gsi1pk: '$bo#brandid_brand-1',
      gsi1sk: '$product_1#productid_p-id-1',
      gsi2pk: '$bo#shard_2',
      gsi2sk: '$product_1#productid_p-id-1',
      gsi3pk: '$bo#typeid_type-1',
      gsi3sk: '$product_1#productid_p-id-1',
    });
    const batch = {
      productId: 'P-Id-1',
      batchId: 'B-1',
      batchNumber: 'L1',
      receivedOn: '2026-01-01',
      isCheckedIn: false,
      initialQuantity: 5,
      version: 1,
      createdAt: now,
      modifiedOn: now,
    };
    expect(keysOf(batchEntity.toItem(batch))).toEqual({
      pk: '$bo#productid_p-id-1',
      sk: '$productbatches#batch_1#batchid_b-1',
    });
    expect(productEntity.collectionKey({ productId: 'P-Id-1' })).toEqual({
      pk: '$bo#productid_p-id-1',
      begins: '$productbatches',
    });
    expect(keysOf(skuCounterEntity.toItem({ prefix: 'ACM-FLO', seq: 3 }))).toEqual({
      pk: '$bo#prefix_acm-flo',
      sk: '$skucounter_1',
    });
    expect(keysOf(skuGuardEntity.toItem({ sku: 'ACM-FLO-0007', productId: 'P' }))).toEqual({
      pk: '$bo#sku_acm-flo-0007',
      sk: '$skuguard_1',
    });
  });

  it('products: a move to another brand or type rewrites that index’s keys', () => {
    const moved = setsOf(
      updateInput(productEntity, { productId: 'P-Id-1' }, { set: { brandID: 'Brand-2', typeID: 'Type-2' } }, {}),
    );
    expect(moved).toMatchObject({ gsi1pk: '$bo#brandid_brand-2', gsi3pk: '$bo#typeid_type-2' });
    expect(moved.gsi2pk).toBeUndefined();
    expect(setsOf(updateInput(productEntity, { productId: 'P-Id-1' }, { set: { name: 'N' } }, {}))).not.toHaveProperty(
      'gsi1pk',
    );
  });

  it('products: the queries of each index', () => {
    expect(productEntity.keyCondition('all', { shard: '1' })).toMatchObject({
      IndexName: 'gsi2',
      pk: '$bo#shard_1',
      sk: { begins: '$product_1#productid_' },
    });
    expect(productEntity.keyCondition('byBrand', { brandID: 'Brand-1' })).toMatchObject({
      IndexName: 'gsi1',
      pk: '$bo#brandid_brand-1',
      sk: { begins: '$product_1#productid_' },
    });
    expect(productEntity.keyCondition('byType', { typeID: 'Type-1' })).toMatchObject({
      IndexName: 'gsi3',
      pk: '$bo#typeid_type-1',
      sk: { begins: '$product_1#productid_' },
    });
  });

  it('brands with their product lines, product types and extract types', () => {
    const brand = {
      brandId: 'Brand-1',
      name: 'Acme',
      excludeFromReporting: false,
      hideInInventoryOverview: false,
      limits: [],
      productCount: 0,
      version: 1,
      createdAt: now,
      modifiedOn: now,
    };
    expect(keysOf(brandEntity.toItem(brand))).toEqual({
      pk: '$bo#brandid_brand-1',
      sk: '$brandlines#brand_1',
      gsi1pk: '$bo',
      gsi1sk: '$brand_1#brandid_brand-1',
    });
    expect(
      keysOf(productLineEntity.toItem({ brandId: 'Brand-1', lineId: 'Line-1', name: 'Gold', createdAt: now })),
    ).toEqual({ pk: '$bo#brandid_brand-1', sk: '$brandlines#productline_1#lineid_line-1' });
    expect(brandEntity.collectionKey({ brandId: 'Brand-1' })).toEqual({
      pk: '$bo#brandid_brand-1',
      begins: '$brandlines',
    });
    expect(brandEntity.keyCondition('all', {})).toMatchObject({ pk: '$bo', sk: { begins: '$brand_1#brandid_' } });
    const named = { id: 'Type-1', name: 'Flower', productCount: 0, createdAt: now, modifiedOn: now };
    expect(keysOf(productTypeEntity.toItem(named))).toEqual({
      pk: '$bo#id_type-1',
      sk: '$producttype_1',
      gsi1pk: '$bo',
      gsi1sk: '$producttype_1#id_type-1',
    });
    expect(keysOf(extractTypeEntity.toItem(named))).toEqual({
      pk: '$bo#id_type-1',
      sk: '$extracttype_1',
      gsi1pk: '$bo',
      gsi1sk: '$extracttype_1#id_type-1',
    });
    expect(productTypeEntity.keyCondition('all', {})).toMatchObject({ sk: { begins: '$producttype_1#id_' } });
    expect(extractTypeEntity.keyCondition('all', {})).toMatchObject({ sk: { begins: '$extracttype_1#id_' } });
  });

  it('customers: by name (lower-cased), and a rename moves the name key', () => {
    expect(keysOf(customerEntity.toItem(customer))).toEqual({
      pk: '$bo#customerid_c-1',
      sk: '$customerpricing#customer_1',
      gsi1pk: '$bo',
      gsi1sk: '$customer_1#customername_mile high collective#customerid_c-1',
    });
    expect(
      setsOf(updateInput(customerEntity, { customerId: 'C-1' }, { set: { customerName: 'Aardvark Market' } }, {})),
    ).toMatchObject({ gsi1sk: '$customer_1#customername_aardvark market#customerid_c-1' });
    expect(customerEntity.keyCondition('all', {})).toMatchObject({
      IndexName: 'gsi1',
      pk: '$bo',
      sk: { begins: '$customer_1#customername_' },
    });
  });

  it('custom prices in the customer’s partition, the price history, and the pricing snapshot', () => {
    const price = {
      customerId: 'C-1',
      productId: 'P-Id-1',
      priceCents: 900,
      source: 'fixed' as const,
      history: [],
      version: 1,
      createdAt: now,
      dateUpdated: now,
    };
    expect(keysOf(customPriceEntity.toItem(price))).toEqual({
      pk: '$bo#customerid_c-1',
      sk: '$customerpricing#customprice_1#productid_p-id-1',
    });
    expect(customerEntity.collectionKey({ customerId: 'C-1' })).toEqual({
      pk: '$bo#customerid_c-1',
      begins: '$customerpricing',
    });
    const history = {
      customerId: 'C-1',
      productId: 'P-Id-1',
      date: now,
      id: 'H-1',
      priceCents: 900,
      source: 'fixed' as const,
      userId: 'u',
    };
    expect(keysOf(priceHistoryEntity.toItem(history))).toEqual({
      pk: '$bo#customerid_c-1#productid_p-id-1',
      sk: '$pricehistory_1#date_2026-01-02t03:04:05.000z#id_h-1',
    });
    expect(priceHistoryEntity.keyCondition('primary', { customerId: 'C-1', productId: 'P-Id-1' })).toMatchObject({
      sk: { begins: '$pricehistory_1#date_' },
    });
    expect(keysOf(pricingSnapshotHeaderEntity.toItem({ generatedAt: now, customers: 1, pending: 2 }))).toEqual({
      pk: '$bo',
      sk: '$pricingsnapshot#pricingsnapshotheader_1',
    });
    const entry = {
      customerId: 'C-1',
      chunk: 3,
      chunks: 4,
      customerName: 'X',
      pricedCount: 1,
      computedAt: now,
      payload: '[]',
    };
    expect(keysOf(pricingSnapshotEntryEntity.toItem(entry))).toEqual({
      pk: '$bo',
      sk: '$pricingsnapshot#pricingsnapshotentry_1#customerid_c-1#chunk_3',
    });
    expect(pricingSnapshotEntryEntity.keyCondition('primary', {}, { begins: { customerId: 'C-1' } })).toMatchObject({
      pk: '$bo',
      sk: { begins: '$pricingsnapshot#pricingsnapshotentry_1#customerid_c-1#chunk_' },
    });
    expect(pricingSnapshotHeaderEntity.collectionKey({})).toEqual({ pk: '$bo', begins: '$pricingsnapshot' });
  });

  it('marks every item with ElectroDB’s entity and version attributes', () => {
    expect(productEntity.toItem(product)).toMatchObject({ __edb_e__: 'product', __edb_v__: '1' });
    expect(customerEntity.toItem(customer)).toMatchObject({ __edb_e__: 'customer', __edb_v__: '1' });
  });
});
