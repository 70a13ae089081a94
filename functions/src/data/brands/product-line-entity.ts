import { defineEntity } from '../core';

export interface ProductLineItem {
  brandId: string;
  lineId: string;
  name: string;
  createdAt: string;
}

/**
 * A brand's product line.
 * Access patterns:
 * - primary: a brand's lines, in the brand's partition (collection `brandLines`) — pk brandId, sk lineId;
 *   a product's `productLineIDs` are checked with a ConditionCheck on brandId + lineId.
 */
export const productLineEntity = defineEntity<ProductLineItem>()({
  entity: 'productLine',
  version: '1',
  primary: { pk: ['brandId'], sk: ['lineId'], collection: 'brandLines' },
});
