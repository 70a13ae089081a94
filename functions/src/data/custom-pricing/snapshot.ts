import { byPendingChanges, type AllPricingUpdates, type CustomerPricingUpdates } from '@bo/shared';
import { get, lte, notExists, or, query, readCollection, transaction } from '../core';
import { type CustomerUpdates, type StoredUpdate, computeCustomerUpdates, toCustomerPricingUpdates } from './refresh';
import {
  type PricingSnapshotEntryItem,
  SNAPSHOT_CHUNK,
  pricingSnapshotEntryEntity,
  pricingSnapshotHeaderEntity,
} from './snapshot-entity';

/** The stored snapshot of the all-customers refresh (see snapshot-entity.ts). */

class NewerEntry extends Error {}

/** The chunk numbers stored for one customer (one Query of its sort-key range, keys only). */
async function storedChunks(customerId: string): Promise<number[]> {
  const { items } = await query(
    pricingSnapshotEntryEntity,
    'primary',
    {},
    { sort: { begins: { customerId } }, attributes: ['customerId', 'chunk'] },
  );
  return items.map((e) => e.chunk);
}

/**
 * Replaces one customer's snapshot chunks in one transaction. Chunk 0 is always written (with no
 * updates when nothing is pending) and carries `computedAt`, the time the prices were read: its put is
 * conditioned on the stored one not being newer, so a slow all-customers run can never put back
 * updates that a bulk apply has just removed.
 */
export async function storeSnapshotEntry(c: CustomerUpdates, existingChunks?: number[]) {
  const old = existingChunks ?? (await storedChunks(c.customerId));
  const count = Math.max(1, Math.ceil(c.updates.length / SNAPSHOT_CHUNK));
  const chunks: PricingSnapshotEntryItem[] = Array.from({ length: count }, (_, chunk) => ({
    customerId: c.customerId,
    chunk,
    chunks: count,
    customerName: c.customerName,
    pricedCount: c.pricedCount,
    computedAt: c.readAt,
    payload: JSON.stringify(c.updates.slice(chunk * SNAPSHOT_CHUNK, (chunk + 1) * SNAPSHOT_CHUNK)),
  }));
  const tx = transaction();
  for (const item of chunks)
    tx.put(
      `chunk ${item.chunk}`,
      pricingSnapshotEntryEntity,
      item,
      item.chunk === 0 ? { condition: or(notExists('computedAt'), lte('computedAt', c.readAt)) } : {},
    );
  for (const chunk of old.filter((n) => n >= count))
    tx.delete(`stale chunk ${chunk}`, pricingSnapshotEntryEntity, { customerId: c.customerId, chunk });
  try {
    await tx.commit(() => new NewerEntry());
  } catch (error) {
    if (!(error instanceof NewerEntry)) throw error;
  }
}

/**
 * After a customer's prices change, its entry in the stored snapshot (if there is one) is computed again,
 * so the all-customers screen no longer lists what was just applied. The snapshot is a cache of the
 * refresh: if this fails, the prices are saved all the same and the failure is logged (the next job run
 * or `?refresh=true` rewrites the entry).
 */
export async function refreshSnapshotFor(customerId: string): Promise<void> {
  try {
    const header = await get(pricingSnapshotHeaderEntity, {});
    if (!header) return;
    await storeSnapshotEntry(await computeCustomerUpdates(customerId));
  } catch (error) {
    // Imported here, not at the top: the local stack imports the data layer before it sets the log level.
    const { logger } = await import('../../logger');
    logger.warn('Could not update the stored pricing snapshot for a customer', { customerId, error });
  }
}

/** The stored snapshot, or undefined when none was stored yet: one Query (all pages). */
export async function readPricingSnapshot(): Promise<AllPricingUpdates | undefined> {
  const { header, entry } = await readCollection(
    { header: pricingSnapshotHeaderEntity, entry: pricingSnapshotEntryEntity },
    {},
  );
  if (!header[0]) return undefined;
  const byCustomer = new Map<string, PricingSnapshotEntryItem[]>();
  for (const e of entry) byCustomer.set(e.customerId, [...(byCustomer.get(e.customerId) ?? []), e]);
  const customers: CustomerPricingUpdates[] = [];
  for (const entries of byCustomer.values()) {
    entries.sort((a, b) => a.chunk - b.chunk);
    const first = entries[0]!;
    const updates = entries.flatMap((e) => JSON.parse(e.payload) as StoredUpdate[]);
    if (updates.length === 0) continue;
    customers.push(
      toCustomerPricingUpdates({
        readAt: first.computedAt,
        customerId: first.customerId,
        customerName: first.customerName,
        pricedCount: first.pricedCount,
        updates,
      }),
    );
  }
  return { generatedAt: header[0].generatedAt, customers: customers.sort(byPendingChanges) };
}
