import { Entity, type EntityItem } from 'electrodb';

/**
 * Product types and extract types: small named lists (id, name, image).
 * Access patterns (the same for both kinds):
 * - byId: get one — pk id.
 * - all (gsi1): every one of the kind in one partition, for pickers and the read-time join of product
 *   listings (tens of items, one Query).
 * `productCount` (product types only) is kept by the product transactions (ADD ±1), so the
 * "with product count" lists never read the products.
 */
const namedEntity = <const E extends 'productType' | 'extractType'>(entity: E) =>
  new Entity({
    model: { entity, version: '1', service: 'bo' },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      image: { type: 'string' },
      productCount: { type: 'number', required: true, default: 0 },
      createdAt: { type: 'string', required: true, readOnly: true },
      modifiedOn: { type: 'string', required: true },
    },
    indexes: {
      byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
      all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['id'] } },
    },
  });

export const productTypeEntity = namedEntity('productType');
export const extractTypeEntity = namedEntity('extractType');

export type ProductTypeItem = EntityItem<typeof productTypeEntity>;
export type ExtractTypeItem = EntityItem<typeof extractTypeEntity>;
