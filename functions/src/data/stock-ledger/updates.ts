import type { StockEffects } from '@bo/shared';
import { type Condition, type Transaction, and, eq, gte, notExists, or, updateRaw } from '../core';
import { CAUSE_ATTRIBUTE, type LedgerCause, type StoredCause } from './cause';
import { FREE, PENDING, REMAINING, STOCK, bucketOf, ledgerKey, ledgerName } from './ledger';

/** One counter change: `add` to a counter, or `set` it (optionally only if it still holds `expect`). */
export type LedgerChange =
  | { kind: 'add'; productId: string; counter: 'stock' | 'pending'; amount: number }
  | { kind: 'addBatch'; productId: string; batchId: string; remaining: number; free: number; requireFree?: number }
  | { kind: 'setStock'; productId: string; value: number; expect?: number }
  | { kind: 'setBatch'; productId: string; batchId: string; remaining: number; freeDelta: number; expect?: number };

/** The update of one bucket, in the core's terms (`updateRaw`, or a transaction's item: `addLedgerUpdate`). */
export interface LedgerUpdate {
  key: { pk: string; sk: string };
  changes: { set: Record<string, unknown>; add: Record<string, number> };
  condition?: Condition;
  /** The bucket and the batches whose free units the condition guards (to explain a failure). */
  bucket: number;
  guarded: Array<{ productId: string; batchId: string; need: number }>;
}

export interface LedgerUpdateOptions {
  /** Changes per Update (a bucket with more gets several; only outside transactions). */
  maxPerUpdate?: number;
  /** Why (an order write): each bucket also gets it, so the stream can record the products' movements. */
  cause?: LedgerCause;
}

/**
 * The ledger updates for a set of changes: one Update per bucket touched. Expressions stay far below
 * DynamoDB's 4 KB limit for an order (a few products per bucket); bulk seeding uses `applyLedgerChanges`,
 * which splits large buckets.
 */
export function ledgerUpdates(
  changes: readonly LedgerChange[],
  { maxPerUpdate = 60, cause }: LedgerUpdateOptions = {},
): LedgerUpdate[] {
  const byBucket = new Map<number, LedgerChange[]>();
  for (const change of changes) {
    const bucket = bucketOf(change.productId);
    byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), change]);
  }
  const updates: LedgerUpdate[] = [];
  for (const [bucket, all] of [...byBucket].sort((a, b) => a[0] - b[0]))
    for (let i = 0; i < all.length; i += maxPerUpdate)
      updates.push(bucketUpdate(bucket, all.slice(i, i + maxPerUpdate), cause));
  return updates;
}

function bucketUpdate(bucket: number, changes: readonly LedgerChange[], cause?: LedgerCause): LedgerUpdate {
  const set: Record<string, unknown> = {};
  const adds = new Map<string, number>();
  const conditions: Condition[] = [];
  const guarded: LedgerUpdate['guarded'] = [];
  const add = (attribute: string, amount: number) => adds.set(attribute, (adds.get(attribute) ?? 0) + amount);
  const expect = (attribute: string, value: number) =>
    conditions.push(value === 0 ? or(notExists(attribute), eq(attribute, 0)) : eq(attribute, value));
  for (const change of changes) {
    switch (change.kind) {
      case 'add':
        add(ledgerName(change.counter === 'stock' ? STOCK : PENDING, change.productId), change.amount);
        break;
      case 'addBatch':
        add(ledgerName(REMAINING, change.batchId), change.remaining);
        add(ledgerName(FREE, change.batchId), change.free);
        if (change.requireFree !== undefined && change.requireFree > 0) {
          conditions.push(gte(ledgerName(FREE, change.batchId), change.requireFree));
          guarded.push({ productId: change.productId, batchId: change.batchId, need: change.requireFree });
        }
        break;
      case 'setStock':
        set[ledgerName(STOCK, change.productId)] = change.value;
        if (change.expect !== undefined) expect(ledgerName(STOCK, change.productId), change.expect);
        break;
      case 'setBatch':
        set[ledgerName(REMAINING, change.batchId)] = change.remaining;
        if (change.freeDelta !== 0) add(ledgerName(FREE, change.batchId), change.freeDelta);
        if (change.expect !== undefined) expect(ledgerName(REMAINING, change.batchId), change.expect);
        break;
    }
  }
  if (cause) set[CAUSE_ATTRIBUTE] = storedCause(cause, changes);
  const added = Object.fromEntries([...adds].filter(([, amount]) => amount !== 0));
  // A bucket with nothing to change still gets a harmless SET, so the item list stays as built.
  if (Object.keys(set).length === 0 && Object.keys(added).length === 0) set.touched = Date.now();
  return {
    key: ledgerKey(bucket),
    changes: { set, add: added },
    ...(conditions.length ? { condition: and(...conditions) } : {}),
    bucket,
    guarded,
  };
}

/** The cause as a bucket holds it: with the product of each stock and pending counter the changes touch. */
function storedCause(cause: LedgerCause, changes: readonly LedgerChange[]): StoredCause {
  const counters: Record<string, string> = {};
  for (const change of changes) {
    if (change.kind === 'add') {
      const counter = change.counter === 'stock' ? STOCK : PENDING;
      counters[ledgerName(counter, change.productId)] = change.productId;
    } else if (change.kind === 'setStock') counters[ledgerName(STOCK, change.productId)] = change.productId;
  }
  return { ...cause, counters };
}

/** Adds a bucket's update to a core transaction under `name`. */
export const addLedgerUpdate = (tx: Transaction, name: string, update: LedgerUpdate): Transaction =>
  tx.updateRaw(name, update.key, update.changes, { condition: update.condition });

/** Applies changes outside a transaction (seeding, migrations): one UpdateItem per bucket chunk. */
export async function applyLedgerChanges(changes: readonly LedgerChange[]): Promise<void> {
  const updates = ledgerUpdates(sumChanges(changes), { maxPerUpdate: 40 });
  for (let i = 0; i < updates.length; i += 8)
    await Promise.all(updates.slice(i, i + 8).map((u) => updateRaw(u.key, u.changes, { condition: u.condition })));
}

/** Adds to the same counter summed into one change (sets and conditions are kept as they are). */
function sumChanges(changes: readonly LedgerChange[]): LedgerChange[] {
  const out: LedgerChange[] = [];
  const adds = new Map<string, Extract<LedgerChange, { kind: 'add' }>>();
  const batches = new Map<string, Extract<LedgerChange, { kind: 'addBatch' }>>();
  for (const change of changes) {
    if (change.kind === 'add') {
      const key = `${change.counter}#${change.productId}`;
      const prior = adds.get(key);
      if (prior) prior.amount += change.amount;
      else adds.set(key, { ...change });
    } else if (change.kind === 'addBatch' && change.requireFree === undefined) {
      const prior = batches.get(change.batchId);
      if (prior) {
        prior.remaining += change.remaining;
        prior.free += change.free;
      } else batches.set(change.batchId, { ...change });
    } else out.push(change);
  }
  return [...adds.values(), ...batches.values(), ...out];
}

/**
 * The ledger changes of an order's stock effects (rules/orders/stock-effects): product `stock` and `pending`
 * adds, and per batch the remaining and free changes, conditioned on enough free units where free drops.
 * `productIdOf` maps a SKU to its product id.
 */
export function ledgerChangesOf(effects: StockEffects, productIdOf: (sku: string) => string): LedgerChange[] {
  const changes: LedgerChange[] = [];
  for (const d of effects.products) {
    const productId = productIdOf(d.sku);
    if (d.stock !== 0) changes.push({ kind: 'add', productId, counter: 'stock', amount: d.stock });
    if (d.pendingOutbound !== 0)
      changes.push({ kind: 'add', productId, counter: 'pending', amount: d.pendingOutbound });
  }
  for (const d of effects.batches) {
    const free = d.remaining - d.reserved;
    changes.push({
      kind: 'addBatch',
      productId: productIdOf(d.sku),
      batchId: d.batchId,
      remaining: d.remaining,
      free,
      ...(free < 0 ? { requireFree: -free } : {}),
    });
  }
  return changes;
}
