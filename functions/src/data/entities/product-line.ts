import { Entity, type EntityItem } from 'electrodb';

/**
 * A brand's product line.
 * Access patterns:
 * - byBrand: a brand's lines, in the brand's partition (collection `brandLines`) — pk brandId, sk lineId;
 *   a product's `productLineIDs` are checked with a ConditionCheck on brandId + lineId.
 */
export const productLineEntity = new Entity({
  model: { entity: 'productLine', version: '1', service: 'bo' },
  attributes: {
    brandId: { type: 'string', required: true, readOnly: true },
    lineId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byBrand: {
      collection: 'brandLines',
      pk: { field: 'pk', composite: ['brandId'] },
      sk: { field: 'sk', composite: ['lineId'] },
    },
  },
});

export type ProductLineItem = EntityItem<typeof productLineEntity>;
