import { MARGIN_BASES, MARGIN_DIRECTIONS, MARGIN_KINDS, PRICE_SOURCES } from '@bo/shared';
import { Entity, type EntityItem } from 'electrodb';

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
 * Access patterns:
 * - byCustomer: a customer's prices — pk customerId, sk productId (collection `customerPricing` with the
 *   customer: one Query reads a customer and its prices); Get/BatchGet by (customerId, productId).
 * `version` is the optimistic lock of every price write (put/delete conditioned on the version read).
 */
export const customPriceEntity = new Entity({
  model: { entity: 'customPrice', version: '1', service: 'bo' },
  attributes: {
    customerId: { type: 'string', required: true, readOnly: true },
    productId: { type: 'string', required: true, readOnly: true },
    priceCents: { type: 'number', required: true },
    source: { type: [...PRICE_SOURCES] as const, required: true },
    rule: {
      type: 'map',
      properties: {
        direction: { type: [...MARGIN_DIRECTIONS] as const, required: true },
        kind: { type: [...MARGIN_KINDS] as const, required: true },
        basis: { type: [...MARGIN_BASES] as const, required: true },
        value: { type: 'number', required: true },
      },
    },
    referenceCents: { type: 'number' },
    history: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          priceCents: { type: 'number', required: true },
          date: { type: 'string', required: true },
        },
      },
    },
    version: { type: 'number', required: true, default: 1 },
    createdAt: { type: 'string', required: true, readOnly: true },
    dateUpdated: { type: 'string', required: true },
  },
  indexes: {
    byCustomer: {
      collection: 'customerPricing',
      pk: { field: 'pk', composite: ['customerId'] },
      sk: { field: 'sk', composite: ['productId'] },
    },
  },
});

export type CustomPriceItem = EntityItem<typeof customPriceEntity>;

/**
 * Every price a customer's product has had (price, date), written in the same transaction as each change.
 * Access patterns:
 * - byProduct: one customer's history for one product, newest first — pk customerId + productId,
 *   sk date + id (a Query, paginated; the latest few are also on the price item).
 */
export const priceHistoryEntity = new Entity({
  model: { entity: 'priceHistory', version: '1', service: 'bo' },
  attributes: {
    customerId: { type: 'string', required: true, readOnly: true },
    productId: { type: 'string', required: true, readOnly: true },
    date: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    priceCents: { type: 'number', required: true },
    source: { type: [...PRICE_SOURCES] as const, required: true },
    userId: { type: 'string', required: true },
  },
  indexes: {
    byProduct: {
      pk: { field: 'pk', composite: ['customerId', 'productId'] },
      sk: { field: 'sk', composite: ['date', 'id'] },
    },
  },
});

export type PriceHistoryItem = EntityItem<typeof priceHistoryEntity>;
