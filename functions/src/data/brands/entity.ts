import { defineEntity } from '../core';

/** A stock limit on a brand: `{ typeId, weight?, maxStock }`; an entry without weight is the type's limit. */
export interface StoredLimit {
  typeId: string;
  weight?: number;
  maxStock: number;
}

/** A brand, with its stock limits on the same item. */
export interface BrandItem {
  brandId: string;
  name: string;
  image?: string;
  brandRepName?: string;
  brandRepPhone?: string;
  brandRepEmail?: string;
  brandManagerId?: string;
  website?: string;
  skucode?: string;
  defaultLocationId?: string;
  excludeFromReporting: boolean;
  hideInInventoryOverview: boolean;
  maxBrandStock?: number;
  limits?: StoredLimit[];
  productCount: number;
  /** The optimistic lock of read-modify-write edits (fields, limits). */
  version: number;
  createdAt: string;
  modifiedOn: string;
}

/**
 * Access patterns:
 * - primary: get one — pk brandId; shares its partition with the brand's product lines (collection
 *   `brandLines`: one Query reads a brand and its lines).
 * - all (gsi1): every brand in one partition (tens, not thousands), for lists and the read-time join of
 *   product listings.
 * Invariants:
 * - `productCount` is changed only inside the product transactions (ADD ±1 with the brand's existence as
 *   condition) and the brand is removed only with the condition `productCount = 0`; both write the brand
 *   item, so a product create and a brand remove are serialized by DynamoDB and can never leave a product
 *   without its brand.
 */
export const brandEntity = defineEntity<BrandItem>()({
  entity: 'brand',
  version: '1',
  primary: { pk: ['brandId'], sk: [], collection: 'brandLines' },
  indexes: { all: { index: 'gsi1', pk: [], sk: ['brandId'] } },
});
