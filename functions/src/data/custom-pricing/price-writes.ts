import { randomUUID } from 'node:crypto';
import { toDollars, type FieldChange } from '@bo/shared';
import { type Actor, ConflictError, DomainError, NotFoundError } from '../../domain';
import { batchGet, eq, transaction } from '../core';
import { logChange } from '../change-log';
import { customerEntity, customerNotFound } from '../customers';
import { type CustomPriceItem, RECENT_HISTORY, customPriceEntity } from './entity';
import { priceHistoryEntity } from './history-entity';
import { type PriceTarget, isInPlace } from './records';

/**
 * The write path of custom prices. Every price change is a put of the price item (created with
 * `attribute_not_exists`, replaced or deleted conditioned on the version read), a price-history item, the
 * customer's `customPricingCount` (ADD ±n, which also proves the customer exists) and one change-log entry
 * for the chunk, all in one TransactWriteItems. A transaction holds at most 100 items, so a bulk write of up
 * to 5,000 products is split in chunks of at most 98 items (about 48 price changes):
 * - callers validate everything BEFORE the first chunk (customer, every product id, every existing price),
 *   so bad input is refused with nothing written;
 * - each chunk is atomic; chunks run one after another. Changes that are already in place are skipped,
 *   so repeating a request (or the job) after a failure writes only what is missing: the outcome is
 *   idempotent, and a price never gets a second history entry for the same change;
 * - if a chunk fails after earlier ones were written (throttling, an outage), the error says how many
 *   price changes were saved (`PartialWriteError`, details `{ written, total }`).
 * A chunk whose condition fails because another request changed one of its prices in between is
 * re-planned from the prices read again (up to 3 times), then reported as a 409.
 */

/** Some chunks of a bulk write were saved before a failure; repeating the request saves the rest. */
export class PartialWriteError extends DomainError {}

export interface PriceChange {
  productId: string;
  /** The new price, or null to remove it. */
  next: PriceTarget | null;
}

/** Items a transaction may hold, less the customer's count and the change-log entry. */
const CHUNK_ITEMS = 98;
const CHUNK_RETRIES = 3;

class StaleChunk extends Error {}

/** Price changes in chunks that fit one transaction (a put with its history item counts 2, a delete 1). */
function chunksOf(pending: readonly PriceChange[]): PriceChange[][] {
  const chunks: PriceChange[][] = [];
  let chunk: PriceChange[] = [];
  let items = 0;
  for (const change of pending) {
    const cost = change.next ? 2 : 1;
    if (items + cost > CHUNK_ITEMS) {
      chunks.push(chunk);
      chunk = [];
      items = 0;
    }
    chunk.push(change);
    items += cost;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/**
 * Writes price changes for one customer, in chunks. `current` is the customer's prices as read for
 * validation. Returns how many price changes were written (changes already in place are skipped).
 */
export async function writePriceChanges(
  customerId: string,
  changes: readonly PriceChange[],
  current: Map<string, CustomPriceItem>,
  by: Actor,
  notes?: string,
): Promise<number> {
  const pending = changes.filter((c) => !isInPlace(current.get(c.productId), c.next));
  let written = 0;
  for (const part of chunksOf(pending)) {
    try {
      written += await writeChunk(customerId, part, current, by, notes);
    } catch (error) {
      if (written === 0 || error instanceof NotFoundError) throw error;
      throw new PartialWriteError(
        `Saved ${written} of ${pending.length} price changes before an error; try again to save the rest (saved prices are kept and skipped).`,
        { written, total: pending.length },
      );
    }
  }
  return written;
}

interface PlannedWrite {
  change: PriceChange;
  before: CustomPriceItem | undefined;
  item: CustomPriceItem | undefined;
}

/** The new price items of a chunk and its change-log changes. */
function planChunk(
  customerId: string,
  todo: readonly PriceChange[],
  current: Map<string, CustomPriceItem>,
  now: string,
) {
  let delta = 0;
  const fieldChanges: FieldChange[] = [];
  const writes = todo.map((change): PlannedWrite => {
    const before = current.get(change.productId);
    const { next } = change;
    if (!before) delta++;
    if (!next) delta--;
    fieldChanges.push({
      name: 'Custom price',
      field: 'customPrice',
      subfield: change.productId,
      action: !before ? 'add' : !next ? 'remove' : 'update',
      ...(before ? { previousValue: toDollars(before.priceCents) } : {}),
      ...(next ? { newValue: toDollars(next.priceCents) } : {}),
    });
    if (!next) return { change, before, item: undefined };
    const item: CustomPriceItem = {
      customerId,
      productId: change.productId,
      priceCents: next.priceCents,
      source: next.source,
      ...(next.rule ? { rule: { ...next.rule } } : {}),
      ...(next.referenceCents === undefined ? {} : { referenceCents: next.referenceCents }),
      history: [{ priceCents: next.priceCents, date: now }, ...(before?.history ?? [])].slice(0, RECENT_HISTORY),
      version: (before?.version ?? 0) + 1,
      createdAt: before?.createdAt ?? now,
      dateUpdated: now,
    };
    return { change, before, item };
  });
  return { delta, fieldChanges, writes };
}

/** One chunk's transaction: the customer's count, each price (named `price <productId>`) with its history, the entry. */
function chunkTransaction(
  customerId: string,
  plan: ReturnType<typeof planChunk>,
  by: Actor,
  now: string,
  notes?: string,
) {
  const tx = transaction().update(
    'customer',
    customerEntity,
    { customerId },
    { add: { customPricingCount: plan.delta } },
  );
  for (const { change, before, item } of plan.writes) {
    const key = { customerId, productId: change.productId };
    const name = `price ${change.productId}`;
    if (!item) {
      tx.delete(name, customPriceEntity, key, { mustExist: true, condition: eq('version', before!.version) });
      continue;
    }
    if (before) tx.put(name, customPriceEntity, item, { condition: eq('version', before.version) });
    else tx.put(name, customPriceEntity, item, { ifAbsent: true });
    const history = {
      customerId,
      productId: change.productId,
      date: now,
      id: randomUUID(),
      priceCents: item.priceCents,
      source: item.source,
      userId: by.userId,
    };
    tx.put(`history ${change.productId}`, priceHistoryEntity, history, { ifAbsent: true });
  }
  return logChange(tx, {
    caller: by,
    entityType: 'customer',
    entityId: customerId,
    action: 'update',
    changes: plan.fieldChanges,
    ...(notes ? { notes } : {}),
    at: now,
  });
}

async function writeChunk(
  customerId: string,
  chunk: readonly PriceChange[],
  current: Map<string, CustomPriceItem>,
  by: Actor,
  notes?: string,
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const todo = chunk.filter((c) => !isInPlace(current.get(c.productId), c.next));
    if (todo.length === 0) return 0;
    const now = new Date().toISOString();
    const plan = planChunk(customerId, todo, current, now);
    try {
      await chunkTransaction(customerId, plan, by, now, notes).commit((failed) =>
        failed.has('customer') ? customerNotFound() : new StaleChunk(),
      );
    } catch (error) {
      if (!(error instanceof StaleChunk)) throw error;
      if (attempt >= CHUNK_RETRIES) throw new ConflictError('These prices changed while saving; reload and try again');
      // Someone else changed some of these prices: read them again and re-plan the chunk.
      const fresh = await batchGet(
        customPriceEntity,
        chunk.map((c) => ({ customerId, productId: c.productId })),
      );
      for (const c of chunk) current.delete(c.productId);
      for (const item of fresh) current.set(item.productId, item);
      continue;
    }
    for (const { change, item } of plan.writes)
      if (item) current.set(change.productId, item);
      else current.delete(change.productId);
    return plan.writes.length;
  }
}
