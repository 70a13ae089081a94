import { GENETICS, PRODUCT_STATUSES } from '@bo/shared';
import { Entity, type EntityItem } from 'electrodb';

/** The all-products listing is spread over this many GSI partitions, read in parallel (no hot partition). */
export const PRODUCT_LIST_SHARDS = 4;

/**
 * Product. Money in integer cents (`*Cents`); brand, type and extract type names are NOT copied here:
 * listings join them at read time from the small brand/type lists (one Query each), so a rename is one
 * write and never stale.
 * Access patterns:
 * - byId: one product and its batches in one partition — pk productId (collection `productBatches`,
 *   one Query reads the product whole); a Get reads the product alone.
 * - byBrand (gsi1): a brand's products — pk brandID, sk productId.
 * - all (gsi2): every product — pk shard (0..PRODUCT_LIST_SHARDS-1, from the id), sk productId; the
 *   shards are queried in parallel through all pages.
 * - byType (gsi3): a product type's products — pk typeID, sk productId (products with a customer's prices
 *   by type; added with issue 4, items written before it are backfilled by `backfillProductTypeIndex`).
 * - by SKU: the SKU guard item (entities/sku.ts) maps a SKU to its product id with a strongly
 *   consistent Get; no product GSI is needed for it.
 * `version` is the optimistic lock of every update. Stock and pending outbound are not here: they live in the
 * stock ledger (stock-ledger.ts), so an order moves any number of products' stock in one transaction.
 */
export const productEntity = new Entity({
  model: { entity: 'product', version: '1', service: 'bo' },
  attributes: {
    productId: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    sku: { type: 'string', required: true, readOnly: true },
    brandID: { type: 'string', required: true },
    typeID: { type: 'string', required: true },
    name: { type: 'string', required: true },
    description: { type: 'string' },
    image: { type: 'string' },
    genetics: { type: [...GENETICS] as const },
    extractTypeID: { type: 'string' },
    productLineIDs: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    status: { type: [...PRODUCT_STATUSES] as const, required: true },
    weight: { type: 'number' },
    unitQuantity: { type: 'number' },
    lastOrdered: { type: 'string' },
    costCents: { type: 'number' },
    basePriceCents: { type: 'number', required: true },
    msrpCents: { type: 'number' },
    discountEligible: { type: 'boolean', required: true },
    hasBatch: { type: 'boolean', required: true },
    hideFromCatalog: { type: 'boolean', required: true },
    version: { type: 'number', required: true, default: 1 },
    createdAt: { type: 'string', required: true, readOnly: true },
    modifiedOn: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      collection: 'productBatches',
      pk: { field: 'pk', composite: ['productId'] },
      sk: { field: 'sk', composite: [] },
    },
    byBrand: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['brandID'] },
      sk: { field: 'gsi1sk', composite: ['productId'] },
    },
    all: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['shard'] },
      sk: { field: 'gsi2sk', composite: ['productId'] },
    },
    byType: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['typeID'] },
      sk: { field: 'gsi3sk', composite: ['productId'] },
    },
  },
});

export type ProductItem = EntityItem<typeof productEntity>;
