import type { MarginRule, PriceSource } from '@bo/shared';
import { defineEntity } from '../core';

/** How many of a price's latest changes its item carries for the refresh screens' popover. */
export const RECENT_HISTORY = 10;

/**
 * A customer's custom price for one product, in the customer's partition. Money in integer cents.
 * `source` says how it was set: `fixed`, or `margin` with its `rule`; `referenceCents` is the base price
 * (fixed, or a margin on base price) or cost (a margin on cost) it was computed from, which makes the
 * refresh formula (shared/src/rules/pricing.ts) idempotent: once a refresh is applied the reference is
 * today's and nothing is pending any more.
 * `history` holds the latest RECENT_HISTORY (price, date) pairs, newest first, copied from the
 * price-history items written in the same transaction, so the refresh screens need no extra reads.
 */
export interface CustomPriceItem {
  customerId: string;
  productId: string;
  priceCents: number;
  source: PriceSource;
  rule?: MarginRule;
  referenceCents?: number;
  history: Array<{ priceCents: number; date: string }>;
  /** The optimistic lock of every price write (put/delete conditioned on the version read). */
  version: number;
  createdAt: string;
  dateUpdated: string;
}

/**
 * Access patterns:
 * - primary: a customer's prices — pk customerId, sk productId (collection `customerPricing` with the
 *   customer: one Query reads a customer and its prices); Get/BatchGet by (customerId, productId).
 */
export const customPriceEntity = defineEntity<CustomPriceItem>()({
  entity: 'customPrice',
  version: '1',
  primary: { pk: ['customerId'], sk: ['productId'], collection: 'customerPricing' },
});
