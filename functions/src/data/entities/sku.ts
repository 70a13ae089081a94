import { Entity, type EntityItem } from 'electrodb';

/**
 * LEGACY (ElectroDB): the core's skuGuardEntity is products/sku-entity.ts. This definition stays only
 * because orders.ts still reads guards through `db().entities.skuGuard`; it goes with service.ts.
 *
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
