import { byPendingChanges, toDollars, type AllPricingUpdates, type CustomerPricingUpdates } from '@bo/shared';
import type { Actor } from '../../domain';
import { put, queryAll, remove } from '../core';
import { listCustomerItems } from '../customers';
import { mapLimit } from '../map-limit';
import { listProductItems, loadCatalogNames } from '../products';
import { applyPricingUpdates } from './prices';
import { getCustomerWithPriceItems } from './reads';
import { pendingUpdates, toCustomerPricingUpdates } from './refresh';
import { readPricingSnapshot, storeSnapshotEntry } from './snapshot';
import { pricingSnapshotEntryEntity, pricingSnapshotHeaderEntity } from './snapshot-entity';

export interface RefreshRunResult {
  generatedAt: string;
  customers: number;
  pending: number;
  customersWithUpdates: number;
  autoApplied: number;
  autoCustomers: number;
  failed: Array<{ customerId: string; customerName: string; error: string }>;
  /** Every customer's updates, when asked for (`collect`). */
  result?: AllPricingUpdates;
}

export interface AppliedRefresh {
  customerId: string;
  customerName: string;
  /** Price changes written now (fewer than `changes` when an earlier run had saved some). */
  applied: number;
  changes: Array<{ productId: string; sku: string; from: number; to: number }>;
}

const RUN_CONCURRENCY = 4;

/**
 * The all-customers refresh: every customer's pending updates computed now from one read of the
 * products, stored as the snapshot (each customer's entry replaced as it is computed, stale entries
 * removed at the end, then the header). With `autoApply` (the scheduled job), customers marked for
 * automatic refresh get their updates applied through the same path as updateBulkCustomPricing, and
 * what remains pending is stored. A customer whose apply fails is reported in `failed` and the run goes
 * on; running again finishes it without applying anything twice (each applied price now carries today's
 * reference, so it is no longer pending).
 */
export async function runPricingRefresh(options: {
  by: Actor;
  autoApply?: boolean;
  collect?: boolean;
  /** Told what was applied for each automatic customer (the job logs it). */
  onApplied?: (applied: AppliedRefresh) => void;
  onFailed?: (customer: { customerId: string; customerName: string }, error: unknown) => void;
}): Promise<RefreshRunResult> {
  const generatedAt = new Date().toISOString();
  const [customers, productItems, names, existing] = await Promise.all([
    listCustomerItems(),
    listProductItems(),
    loadCatalogNames(),
    queryAll(pricingSnapshotEntryEntity, 'primary', {}, { attributes: ['customerId', 'chunk'] }),
  ]);
  const products = new Map(productItems.map((p) => [p.productId, p]));
  const oldChunks = new Map<string, number[]>();
  for (const e of existing) oldChunks.set(e.customerId, [...(oldChunks.get(e.customerId) ?? []), e.chunk]);

  const run: RefreshRunResult = {
    generatedAt,
    customers: customers.length,
    pending: 0,
    customersWithUpdates: 0,
    autoApplied: 0,
    autoCustomers: 0,
    failed: [],
  };
  const collected: CustomerPricingUpdates[] = [];
  const priced = customers.filter((c) => c.customPricingCount > 0);

  await mapLimit(priced, RUN_CONCURRENCY, async (listed) => {
    const read = async () => {
      const readAt = new Date().toISOString();
      const found = await getCustomerWithPriceItems(listed.customerId);
      return found ? pendingUpdates(found.customer, found.prices, products, names, readAt) : undefined;
    };
    let updates = await read();
    if (!updates) return;
    const auto = options.autoApply && listed.autoRefreshPricing && updates.updates.length > 0;
    if (auto) {
      run.autoCustomers++;
      const items = updates.updates.map((u) => ({ productId: u.productId, newCustomPrice: toDollars(u.newCents) }));
      try {
        const written = await applyPricingUpdates(listed.customerId, items, options.by, { updateSnapshot: false });
        run.autoApplied += written;
        options.onApplied?.({
          customerId: listed.customerId,
          customerName: listed.customerName,
          applied: written,
          changes: updates.updates.map((u) => ({
            productId: u.productId,
            sku: u.product.sku,
            from: toDollars(u.currentCents),
            to: toDollars(u.newCents),
          })),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        run.failed.push({ customerId: listed.customerId, customerName: listed.customerName, error: message });
        options.onFailed?.({ customerId: listed.customerId, customerName: listed.customerName }, error);
      }
      // Store what is really pending now (nothing, or what a failure left).
      updates = (await read().catch(() => undefined)) ?? updates;
    }
    run.pending += updates.updates.length;
    if (updates.updates.length > 0) run.customersWithUpdates++;
    await storeSnapshotEntry(updates, oldChunks.get(listed.customerId) ?? []);
    oldChunks.delete(listed.customerId);
    if (options.collect && updates.updates.length > 0) collected.push(toCustomerPricingUpdates(updates));
  });

  // Customers that were in the last snapshot but have nothing priced any more.
  await mapLimit([...oldChunks], RUN_CONCURRENCY, ([customerId, chunks]) =>
    Promise.all(chunks.map((chunk) => remove(pricingSnapshotEntryEntity, { customerId, chunk }))),
  );
  await put(pricingSnapshotHeaderEntity, { generatedAt, customers: run.customersWithUpdates, pending: run.pending });
  if (options.collect) run.result = { generatedAt, customers: collected.sort(byPendingChanges) };
  return run;
}

/** reRunPricing (all customers): the stored snapshot, or computed now and stored (`refresh`, or none stored yet). */
export async function allPricingUpdates(refresh: boolean, by: Actor): Promise<AllPricingUpdates> {
  if (!refresh) {
    const stored = await readPricingSnapshot();
    if (stored) return stored;
  }
  const run = await runPricingRefresh({ by, collect: true });
  return run.result!;
}
