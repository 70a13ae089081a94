import { Entity, type EntityItem } from 'electrodb';

/**
 * Brand, with its stock limits on the same item.
 * Access patterns:
 * - byId: get one — pk brandId; shares its partition with the brand's product lines
 *   (collection `brandLines`: one Query reads a brand and its lines).
 * - all (gsi1): every brand in one partition (tens, not thousands), for lists and the read-time join
 *   of product listings.
 * Invariants:
 * - `productCount` is changed only inside the product transactions (ADD ±1 with the brand's existence
 *   as condition) and the brand is removed only with the condition `productCount = 0`; both write the
 *   brand item, so a product create and a brand remove are serialized by DynamoDB and can never leave a
 *   product without its brand.
 * - `version` is the optimistic lock for read-modify-write edits (fields, limits).
 */
export const brandEntity = new Entity({
  model: { entity: 'brand', version: '1', service: 'bo' },
  attributes: {
    brandId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    image: { type: 'string' },
    brandRepName: { type: 'string' },
    brandRepPhone: { type: 'string' },
    brandRepEmail: { type: 'string' },
    brandManagerId: { type: 'string' },
    website: { type: 'string' },
    skucode: { type: 'string' },
    defaultLocationId: { type: 'string' },
    excludeFromReporting: { type: 'boolean', required: true, default: false },
    hideInInventoryOverview: { type: 'boolean', required: true, default: false },
    maxBrandStock: { type: 'number' },
    /** MaxProductStock entries: `{ typeId, weight?, maxStock }`; an entry without weight is the type limit. */
    limits: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          typeId: { type: 'string', required: true },
          weight: { type: 'number' },
          maxStock: { type: 'number', required: true },
        },
      },
    },
    productCount: { type: 'number', required: true, default: 0 },
    version: { type: 'number', required: true, default: 1 },
    createdAt: { type: 'string', required: true, readOnly: true },
    modifiedOn: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      collection: 'brandLines',
      pk: { field: 'pk', composite: ['brandId'] },
      sk: { field: 'sk', composite: [] },
    },
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['brandId'] } },
  },
});

export type BrandItem = EntityItem<typeof brandEntity>;
