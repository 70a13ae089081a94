import { defineEntity } from '../core';

/**
 * A received batch of a product (compliance tags), in the product's partition. Its remaining units are in
 * the stock ledger (stock-ledger/), beside the units open orders reserve.
 */
export interface BatchItem {
  productId: string;
  batchId: string;
  batchNumber: string;
  receivedOn: string;
  isCheckedIn: boolean;
  initialQuantity: number;
  /** The optimistic lock of every update. */
  version: number;
  createdAt: string;
  modifiedOn: string;
}

/**
 * Access patterns:
 * - primary: a product's batches — pk productId, sk batchId (collection `productBatches` with the
 *   product: one Query reads both); Get/BatchGet by (productId, batchId).
 */
export const batchEntity = defineEntity<BatchItem>()({
  entity: 'batch',
  version: '1',
  primary: { pk: ['productId'], sk: ['batchId'], collection: 'productBatches' },
});
