import { defineEntity } from '../core';

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
 * - primary: the whole snapshot — pk fixed, one Query (all pages); one customer's chunks — begins_with on
 *   sk customerId.
 */
export interface PricingSnapshotHeaderItem {
  generatedAt: string;
  customers: number;
  pending: number;
}

export interface PricingSnapshotEntryItem {
  customerId: string;
  chunk: number;
  chunks: number;
  customerName: string;
  pricedCount: number;
  computedAt: string;
  payload: string;
}

export const pricingSnapshotHeaderEntity = defineEntity<PricingSnapshotHeaderItem>()({
  entity: 'pricingSnapshotHeader',
  version: '1',
  primary: { pk: [], sk: [], collection: 'pricingSnapshot' },
});

export const pricingSnapshotEntryEntity = defineEntity<PricingSnapshotEntryItem>()({
  entity: 'pricingSnapshotEntry',
  version: '1',
  primary: { pk: [], sk: ['customerId', 'chunk'], collection: 'pricingSnapshot' },
});
