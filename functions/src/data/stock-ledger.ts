import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StockEffects } from '@bo/shared';
import { config } from '../config';
import { dynamoClient } from './client';
import type { Db } from './service';

/** An item of an ElectroDB write transaction; raw `Update`s pass through ElectroDB unchanged. */
type WriteItem = ReturnType<Parameters<Db['transaction']['write']>[0]>[number];

/**
 * The stock ledger: where every stock counter lives (products' `stock` and `pendingOutboundQuantity`,
 * batches' `remainingQuantity` and what a cart may still take of them).
 *
 * Why: a sales order must move the stock of all its lines in one transaction, and DynamoDB transactions hold
 * at most 100 items. With counters on the product and batch items an order of 200 lines could touch 400
 * items. Here the counters are spread over LEDGER_BUCKETS items (a product's counters and its batches' all
 * sit in the bucket of its product id), so any order touches at most LEDGER_BUCKETS ledger items however many
 * lines it has.
 *
 * Access patterns (raw items: ElectroDB cannot model per-product attribute names):
 * - one bucket: GetItem pk `stockledger2`, sk `bucket#NN` (one product's or one order's figures);
 * - every bucket: Query pk `stockledger2` (product listings join it; 64 small items).
 *
 * Attributes of a bucket, per product id `P` and batch id `B` (missing means 0; `k(x)` is the id's short
 * key, see `ledgerName`):
 * - `s k(P)` stock on hand; `p k(P)` units held by open orders (pending outbound);
 * - `r k(B)` the batch's remaining units; `f k(B)` its free units = remaining − units open orders reserve
 *   (lines whose tags are not pulled). A write that lowers `f` is conditioned on `f >= amount`, so two
 *   orders can never take the same units. Stock itself may go below pending (the badges show it).
 */

export const LEDGER_BUCKETS = 64;
/** Version 2 names attributes by a short hash of the id (version 1, `stockledger`, used the whole id). */
export const LEDGER_PK = 'stockledger2';
export const LEGACY_LEDGER_PK = 'stockledger';

export const bucketOf = (productId: string): number =>
  createHash('sha1').update(productId).digest().readUInt16BE(0) % LEDGER_BUCKETS;
const ledgerKey = (bucket: number) => ({ pk: LEDGER_PK, sk: `bucket#${String(bucket).padStart(2, '0')}` });

const STOCK = 's';
const PENDING = 'p';
const REMAINING = 'r';
const FREE = 'f';
export type LedgerCounter = typeof STOCK | typeof PENDING | typeof REMAINING | typeof FREE;

/**
 * An id's 11-character key (64 bits of its SHA-1, base64url): DynamoDB Local's transaction time grows with
 * the names it parses, and a bucket holds hundreds of counters, so short names made the 200-line order's
 * transaction about 40% faster (and the items smaller, which is what DynamoDB bills). Cached: ids repeat.
 */
const keys = new Map<string, string>();
const keyOf = (id: string): string => {
  let key = keys.get(id);
  if (key === undefined) {
    key = createHash('sha1').update(id).digest('base64url').slice(0, 11);
    if (keys.size > 200_000) keys.clear();
    keys.set(id, key);
  }
  return key;
};
/** The attribute name of one counter: the counter letter and the id's key. */
export const ledgerName = (counter: LedgerCounter, id: string): string => counter + keyOf(id);

/** Read access to stock counters (0 for anything the ledger does not hold). */
export interface StockView {
  stock(productId: string): number;
  pending(productId: string): number;
  remaining(batchId: string): number;
  /** Units of the batch no open order reserves (remaining − reserved). */
  free(batchId: string): number;
}

export function stockViewOf(attributes: ReadonlyArray<Record<string, unknown>>): StockView {
  const values = new Map<string, number>();
  for (const item of attributes)
    for (const [name, value] of Object.entries(item)) if (typeof value === 'number') values.set(name, value);
  const read = (name: string) => values.get(name) ?? 0;
  return {
    stock: (id) => read(ledgerName(STOCK, id)),
    pending: (id) => read(ledgerName(PENDING, id)),
    remaining: (id) => read(ledgerName(REMAINING, id)),
    free: (id) => read(ledgerName(FREE, id)),
  };
}

export const EMPTY_STOCK: StockView = stockViewOf([]);

/** Every bucket (one Query, all pages). */
export async function readStockLedger(): Promise<StockView> {
  return stockViewOf(await queryLedgerItems(LEDGER_PK));
}

/** The raw bucket items of a ledger partition (`limit` stops after that many; all pages otherwise). */
export async function queryLedgerItems(pk: string, limit?: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey,
        ...(limit ? { Limit: limit } : {}),
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = limit && items.length >= limit ? undefined : page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** The buckets of these products (GetItems in parallel, strongly consistent). */
export async function readStockFor(productIds: readonly string[]): Promise<StockView> {
  const buckets = [...new Set(productIds.map(bucketOf))];
  const items = await Promise.all(
    buckets.map((bucket) =>
      dynamoClient()
        .send(new GetCommand({ TableName: config.tableName, Key: ledgerKey(bucket), ConsistentRead: true }))
        .then((r) => r.Item ?? {}),
    ),
  );
  return stockViewOf(items);
}

// ------------------------------------------------------------------------------------------- writes

/** One counter change: `add` to a counter, or `set` it (optionally only if it still holds `expect`). */
export type LedgerChange =
  | { kind: 'add'; productId: string; counter: 'stock' | 'pending'; amount: number }
  | { kind: 'addBatch'; productId: string; batchId: string; remaining: number; free: number; requireFree?: number }
  | { kind: 'setStock'; productId: string; value: number; expect?: number }
  | { kind: 'setBatch'; productId: string; batchId: string; remaining: number; freeDelta: number; expect?: number };

/** A raw TransactWriteItems `Update` (ElectroDB passes raw items through its transactions). */
export interface LedgerUpdate {
  Update: {
    TableName: string;
    Key: Record<string, string>;
    UpdateExpression: string;
    ConditionExpression?: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, number>;
  };
  /** The bucket and the batches whose free units the condition guards (to explain a failure). */
  bucket: number;
  guarded: Array<{ productId: string; batchId: string; need: number }>;
}

/**
 * The ledger updates for a set of changes: one Update per bucket touched. Expressions stay far below
 * DynamoDB's 4 KB limit for an order (a few products per bucket); bulk seeding uses `applyLedgerChanges`,
 * which splits large buckets.
 */
export function ledgerUpdates(changes: readonly LedgerChange[], maxPerUpdate = 60): LedgerUpdate[] {
  const byBucket = new Map<number, LedgerChange[]>();
  for (const change of changes) {
    const bucket = bucketOf(change.productId);
    byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), change]);
  }
  const updates: LedgerUpdate[] = [];
  for (const [bucket, all] of [...byBucket].sort((a, b) => a[0] - b[0]))
    for (let i = 0; i < all.length; i += maxPerUpdate)
      updates.push(bucketUpdate(bucket, all.slice(i, i + maxPerUpdate)));
  return updates;
}

function bucketUpdate(bucket: number, changes: readonly LedgerChange[]): LedgerUpdate {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
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
  const valueOf = (value: number) => {
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

/** The raw item for a transaction (without the bookkeeping fields). */
export const transactItem = (update: LedgerUpdate): WriteItem => ({ Update: update.Update }) as unknown as WriteItem;

/** Applies changes outside a transaction (seeding, migrations): one UpdateItem per bucket chunk. */
export async function applyLedgerChanges(changes: readonly LedgerChange[]): Promise<void> {
  const updates = ledgerUpdates(sumChanges(changes), 40);
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
