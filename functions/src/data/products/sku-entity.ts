import { defineEntity } from '../core';

export interface SkuCounterItem {
  /** Brand code + type code, e.g. `ACM-FLO`. */
  prefix: string;
  seq: number;
}

/**
 * SKU sequence counter, one per SKU prefix.
 * Access patterns:
 * - primary: Get (the createSKU preview reads `seq + 1`) and UpdateItem `ADD seq n` returning the new
 *   value (creates take numbers). Keyed by the prefix rather than the brand and type ids, so two brands
 *   whose codes coincide share one sequence and cannot keep colliding on the same SKUs.
 */
export const skuCounterEntity = defineEntity<SkuCounterItem>()({
  entity: 'skuCounter',
  version: '1',
  primary: { pk: ['prefix'], sk: [] },
});

export interface SkuGuardItem {
  sku: string;
  productId: string;
}

/**
 * SKU uniqueness guard: created with `attribute_not_exists` in the product-creation transaction, so two
 * products can never hold the same SKU (a collision cancels the transaction; the creator retries with
 * the next number). Also the SKU → product lookup.
 * Access patterns:
 * - primary: Get/BatchGet by sku.
 */
export const skuGuardEntity = defineEntity<SkuGuardItem>()({
  entity: 'skuGuard',
  version: '1',
  primary: { pk: ['sku'], sk: [] },
});
