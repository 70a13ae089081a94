import { Entity, type EntityItem } from 'electrodb';

/**
 * LEGACY (ElectroDB): the core's batchEntity is products/batch-entity.ts. This definition stays only
 * because orders.ts still reads batches through `db().entities.batch`; it goes with service.ts.
 *
 * A received batch of a product, in the product's partition. Its remaining units are in the stock ledger
 * (stock-ledger.ts), beside the units open orders reserve.
 * Access patterns:
 * - byProduct: a product's batches — pk productId, sk batchId (collection `productBatches` with the
 *   product: one Query reads both).
 */
export const batchEntity = new Entity({
  model: { entity: 'batch', version: '1', service: 'bo' },
  attributes: {
    productId: { type: 'string', required: true, readOnly: true },
    batchId: { type: 'string', required: true, readOnly: true },
    batchNumber: { type: 'string', required: true },
    receivedOn: { type: 'string', required: true },
    isCheckedIn: { type: 'boolean', required: true },
    initialQuantity: { type: 'number', required: true },
    version: { type: 'number', required: true, default: 1 },
    createdAt: { type: 'string', required: true, readOnly: true },
    modifiedOn: { type: 'string', required: true },
  },
  indexes: {
    byProduct: {
      collection: 'productBatches',
      pk: { field: 'pk', composite: ['productId'] },
      sk: { field: 'sk', composite: ['batchId'] },
    },
  },
});

export type BatchItem = EntityItem<typeof batchEntity>;
