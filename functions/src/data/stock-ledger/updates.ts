import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StockEffects } from '@bo/shared';
import { config } from '../../config';
import { dynamoClient } from '../core/client';
import { CAUSE_ATTRIBUTE, type LedgerCause, type StoredCause } from './cause';
import { FREE, PENDING, REMAINING, STOCK, bucketOf, ledgerKey, ledgerName } from './ledger';

/** One counter change: `add` to a counter, or `set` it (optionally only if it still holds `expect`). */
export type LedgerChange =
  | { kind: 'add'; productId: string; counter: 'stock' | 'pending'; amount: number }
  | { kind: 'addBatch'; productId: string; batchId: string; remaining: number; free: number; requireFree?: number }
  | { kind: 'setStock'; productId: string; value: number; expect?: number }
  | { kind: 'setBatch'; productId: string; batchId: string; remaining: number; freeDelta: number; expect?: number };

/** A raw TransactWriteItems `Update` (added to a core transaction with `tx.raw(name, ledgerItem(update))`). */
export interface LedgerUpdate {
  Update: {
    TableName: string;
    Key: Record<string, string>;
    UpdateExpression: string;
    ConditionExpression?: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, number | StoredCause>;
  };
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
  const names: Record<string, string> = {};
  const values: Record<string, number | StoredCause> = {};
  const sets: string[] = [];
  const adds = new Map<string, number>();
  const conditions: string[] = [];
  const guarded: LedgerUpdate['guarded'] = [];
  let n = 0;
  const nameOf = (attribute: string) => {
    const existing = Object.entries(names).find(([, v]) => v === attribute)?.[0];
    if (existing) return existing;
    const key = `#a${n++}`;
    names[key] = attribute;
    return key;
  };
  const valueOf = (value: number | StoredCause) => {
    const key = `:v${n++}`;
    values[key] = value;
    return key;
  };
  const add = (attribute: string, amount: number) => adds.set(attribute, (adds.get(attribute) ?? 0) + amount);
  const expectCondition = (attribute: string, expect: number) => {
    const a = nameOf(attribute);
    conditions.push(
      expect === 0 ? `(attribute_not_exists(${a}) OR ${a} = ${valueOf(0)})` : `${a} = ${valueOf(expect)}`,
    );
  };
  for (const change of changes) {
    switch (change.kind) {
      case 'add':
        add(ledgerName(change.counter === 'stock' ? STOCK : PENDING, change.productId), change.amount);
        break;
      case 'addBatch':
        add(ledgerName(REMAINING, change.batchId), change.remaining);
        add(ledgerName(FREE, change.batchId), change.free);
        if (change.requireFree !== undefined && change.requireFree > 0) {
          conditions.push(`${nameOf(ledgerName(FREE, change.batchId))} >= ${valueOf(change.requireFree)}`);
          guarded.push({ productId: change.productId, batchId: change.batchId, need: change.requireFree });
        }
        break;
      case 'setStock':
        sets.push(`${nameOf(ledgerName(STOCK, change.productId))} = ${valueOf(change.value)}`);
        if (change.expect !== undefined) expectCondition(ledgerName(STOCK, change.productId), change.expect);
        break;
      case 'setBatch':
        sets.push(`${nameOf(ledgerName(REMAINING, change.batchId))} = ${valueOf(change.remaining)}`);
        if (change.freeDelta !== 0) add(ledgerName(FREE, change.batchId), change.freeDelta);
        if (change.expect !== undefined) expectCondition(ledgerName(REMAINING, change.batchId), change.expect);
        break;
    }
  }
  if (cause) sets.push(`${nameOf(CAUSE_ATTRIBUTE)} = ${valueOf(storedCause(cause, changes))}`);
  const addParts = [...adds]
    .filter(([, amount]) => amount !== 0)
    .map(([a, amount]) => `${nameOf(a)} ${valueOf(amount)}`);
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', addParts.length ? `ADD ${addParts.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  return {
    Update: {
      TableName: config.tableName,
      Key: ledgerKey(bucket),
      // A bucket with nothing to change still gets a harmless SET, so the item list stays as built.
      UpdateExpression: expression || `SET ${nameOf('touched')} = ${valueOf(Date.now())}`,
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
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

/** The item for a core transaction (`tx.raw(name, ledgerItem(update))`), without the bookkeeping fields. */
export const ledgerItem = (update: LedgerUpdate) => ({ Update: update.Update });

/** Applies changes outside a transaction (seeding, migrations): one UpdateItem per bucket chunk. */
export async function applyLedgerChanges(changes: readonly LedgerChange[]): Promise<void> {
  const updates = ledgerUpdates(sumChanges(changes), { maxPerUpdate: 40 });
  for (let i = 0; i < updates.length; i += 8)
    await Promise.all(updates.slice(i, i + 8).map((u) => dynamoClient().send(new UpdateCommand(u.Update))));
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
