import { Entity, type EntityItem } from 'electrodb';

/**
 * SKU sequence counter, one per SKU prefix (brand code + type code, e.g. `ACM-FLO`).
 * Access patterns:
 * - byPrefix: Get (the createSKU preview reads `seq + 1`) and UpdateItem `ADD seq 1` returning the new
 *   value (addNew takes a number). Keyed by the prefix rather than the brand and type ids, so two brands
 *   whose codes coincide share one sequence and cannot keep colliding on the same SKUs.
 */
export const skuCounterEntity = new Entity({
  model: { entity: 'skuCounter', version: '1', service: 'bo' },
  attributes: {
    prefix: { type: 'string', required: true, readOnly: true },
    seq: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byPrefix: { pk: { field: 'pk', composite: ['prefix'] }, sk: { field: 'sk', composite: [] } },
  },
});

/**
 * SKU uniqueness guard: created with `attribute_not_exists` in the product-creation transaction, so two
 * products can never hold the same SKU (a collision cancels the transaction; the creator retries with
 * the next number). Also the strongly consistent SKU → product lookup.
 * Access patterns:
 * - bySku: Get one — pk sku.
 */
export const skuGuardEntity = new Entity({
  model: { entity: 'skuGuard', version: '1', service: 'bo' },
  attributes: {
    sku: { type: 'string', required: true, readOnly: true },
    productId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    bySku: { pk: { field: 'pk', composite: ['sku'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type SkuGuardItem = EntityItem<typeof skuGuardEntity>;
