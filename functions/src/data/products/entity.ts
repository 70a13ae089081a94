import { createHash } from 'node:crypto';
import type { Genetics, ProductStatus } from '@bo/shared';
import { defineEntity } from '../core';

/** The all-products listing is spread over this many GSI partitions, read in parallel (no hot partition). */
export const PRODUCT_LIST_SHARDS = 4;

/** The listing shard of a product: from its id, so it never changes. */
export const shardOf = (productId: string) =>
  String(createHash('sha1').update(productId).digest()[0]! % PRODUCT_LIST_SHARDS);

/**
 * A product. Money in integer cents (`*Cents`); brand, type and extract type names are NOT copied here:
 * listings join them at read time from the small brand/type lists (one Query each), so a rename is one
 * write and never stale. Stock and pending outbound are not here either: they live in the stock ledger
 * (stock-ledger/), so an order moves any number of products' stock in one transaction.
 */
export interface ProductItem {
  productId: string;
  shard: string;
  sku: string;
  brandID: string;
  typeID: string;
  name: string;
  description?: string;
  image?: string;
  genetics?: Genetics;
  extractTypeID?: string;
  productLineIDs: string[];
  status: ProductStatus;
  weight?: number;
  unitQuantity?: number;
  lastOrdered?: string;
  costCents?: number;
  basePriceCents: number;
  msrpCents?: number;
  discountEligible: boolean;
  hasBatch: boolean;
  hideFromCatalog: boolean;
  /** The optimistic lock of every update. */
  version: number;
  createdAt: string;
  modifiedOn: string;
}

/**
 * Access patterns:
 * - primary: one product and its batches in one partition — pk productId (collection `productBatches`,
 *   one Query reads the product whole); a Get reads the product alone.
 * - byBrand (gsi1): a brand's products — pk brandID, sk productId.
 * - all (gsi2): every product — pk shard (0..PRODUCT_LIST_SHARDS-1, from the id), sk productId; the
 *   shards are queried in parallel through all pages.
 * - byType (gsi3): a product type's products — pk typeID, sk productId (products with a customer's prices
 *   by type; added with issue 4, items written before it are backfilled by `backfillProductTypeIndex`).
 * - by SKU: the SKU guard item (sku-entity.ts) maps a SKU to its product id with a strongly consistent
 *   Get; no product GSI is needed for it.
 */
export const productEntity = defineEntity<ProductItem>()({
  entity: 'product',
  version: '1',
  primary: { pk: ['productId'], sk: [], collection: 'productBatches' },
  indexes: {
    byBrand: { index: 'gsi1', pk: ['brandID'], sk: ['productId'] },
    all: { index: 'gsi2', pk: ['shard'], sk: ['productId'] },
    byType: { index: 'gsi3', pk: ['typeID'], sk: ['productId'] },
  },
});
