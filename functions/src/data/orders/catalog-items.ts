import { defineEntity } from '../core';

/**
 * The two catalogue items an order reads by key and the catalogue module has no batched read for: the SKU
 * guard (SKU → product id) and a product's batch. Read-only here, with only the fields orders use; the
 * key layouts are the catalogue's (`entities/sku.ts`, `entities/batch.ts`). Once the catalogue is on the
 * core, these give way to its own definitions.
 */
export interface SkuGuardRef {
  sku: string;
  productId: string;
}
export const skuGuardRef = defineEntity<SkuGuardRef>()({
  entity: 'skuGuard',
  version: '1',
  primary: { pk: ['sku'], sk: [] },
});

export interface BatchRef {
  productId: string;
  batchId: string;
  batchNumber: string;
  isCheckedIn: boolean;
}
export const batchRef = defineEntity<BatchRef>()({
  entity: 'batch',
  version: '1',
  primary: { pk: ['productId'], sk: ['batchId'], collection: 'productBatches' },
});
