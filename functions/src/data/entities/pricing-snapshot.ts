import { Entity, type EntityItem } from 'electrodb';

/** Pending updates per snapshot item: ~100 × under 1 KB stays far below DynamoDB's 400 KB item limit. */
export const SNAPSHOT_CHUNK = 100;

/**
 * The stored result of the all-customers pricing refresh (written by the scheduled job, or by
 * `reRunPricing?refresh=true`), so the Refresh Pricing (all customers) screen opens with one Query.
 * Two kinds of item in one partition (collection `pricingSnapshot`):
 * - the header: when the snapshot was generated;
 * - entries: one customer's pending updates, split in chunks of SNAPSHOT_CHUNK (`chunk` 0, 1, …);
 *   a customer's chunks are replaced together in one transaction. Chunk 0 always exists for a customer
 *   with prices (an empty list when nothing is pending): its `computedAt` (when the prices were read)
 *   guards the replacement, so an older computation never overwrites a newer one.
 * `payload` is the chunk's updates as JSON (money in cents): it is read and written whole, never queried into.
 * Access patterns:
 * - byRun: the whole snapshot — pk fixed, one Query (all pages); one customer's chunks — begins_with on
 *   sk customerId.
 */
export const pricingSnapshotHeaderEntity = new Entity({
  model: { entity: 'pricingSnapshotHeader', version: '1', service: 'bo' },
  attributes: {
    generatedAt: { type: 'string', required: true },
    customers: { type: 'number', required: true },
    pending: { type: 'number', required: true },
  },
  indexes: {
    byRun: {
      collection: 'pricingSnapshot',
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

export const pricingSnapshotEntryEntity = new Entity({
  model: { entity: 'pricingSnapshotEntry', version: '1', service: 'bo' },
  attributes: {
    customerId: { type: 'string', required: true, readOnly: true },
    chunk: { type: 'number', required: true, readOnly: true },
    chunks: { type: 'number', required: true },
    customerName: { type: 'string', required: true },
    pricedCount: { type: 'number', required: true },
    computedAt: { type: 'string', required: true },
    payload: { type: 'string', required: true },
  },
  indexes: {
    byRun: {
      collection: 'pricingSnapshot',
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: ['customerId', 'chunk'] },
    },
  },
});

export type PricingSnapshotHeaderItem = EntityItem<typeof pricingSnapshotHeaderEntity>;
export type PricingSnapshotEntryItem = EntityItem<typeof pricingSnapshotEntryEntity>;
