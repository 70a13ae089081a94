import type { PriceSource } from '@bo/shared';
import { defineEntity } from '../core';

/** One price a customer's product has had, written in the same transaction as the change. */
export interface PriceHistoryItem {
  customerId: string;
  productId: string;
  date: string;
  id: string;
  priceCents: number;
  source: PriceSource;
  userId: string;
}

/**
 * Access patterns:
 * - primary: one customer's history for one product, newest first — pk customerId + productId, sk date +
 *   id (a Query, paginated; the latest few are also on the price item).
 */
export const priceHistoryEntity = defineEntity<PriceHistoryItem>()({
  entity: 'priceHistory',
  version: '1',
  primary: { pk: ['customerId', 'productId'], sk: ['date', 'id'] },
});
