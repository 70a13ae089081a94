import { type Transaction, gte, isConditionFailed, notExists, or, queryRaw, updateRaw, getRaw } from '../core';
import { LEDGER_BUCKETS, bucketOf, shortKeyOf } from '../stock-ledger/ledger';

/**
 * Stock movement months (issue 25's inventory reports): per calendar month (UTC), how many units each product's
 * stock moved (net) and the last day it went out on a sales order. Written together with what moved the stock,
 * exactly once per movement: the stream's history entry of an order's move (stock-movements/write.ts, one
 * transaction with the entry's `attribute_not_exists` put) or a manual stock change (product create, edit, in
 * the product's own transaction).
 *
 * Why: a valuation at the end of a past month is the units now less the net movement of every later month, and
 * a slow mover is a product with no sale since a day. Reading months (a few small items each) instead of the
 * history keeps both bounded by the months looked at, never by the number of movements.
 *
 * Access patterns (raw items through the core's `queryRaw`/`getRaw`/`updateRaw`, like the stock ledger: no
 * entity can model per-product attribute names):
 * - one month: Query pk `stockmoves#YYYY-MM` (at most MOVE_BUCKETS items, sk `bucket#NN`, NN = the product's
 *   ledger bucket, `bucketOf`);
 * - when recording began: GetItem pk `stockmoves`, sk `since` (attribute `month`, set once, if absent).
 *
 * Attributes of a month's bucket, per product id `P` (`k(P)` its ledger short key, `shortKeyOf`):
 * - `v k(P)` net units moved in the month (ADD new − previous stock; a write-off moves 0);
 * - `o k(P)` the day (YYYY-MM-DD) it last went out on a sales order (SET: ledger writes share one partition, so
 *   the stream delivers them in order and the day only grows).
 */

export const MOVE_BUCKETS = LEDGER_BUCKETS;
export const MOVES_PK = 'stockmoves';
export const MOVED = 'v';
export const SOLD = 'o';
export const SINCE_KEY = { pk: MOVES_PK, sk: 'since' } as const;

/** The month (YYYY-MM, UTC) of an ISO timestamp or day. */
export const monthOf = (at: string): string => at.slice(0, 7);
export const movesPk = (month: string) => `${MOVES_PK}#${month}`;
export const movesKey = (month: string, bucket: number) => ({
  pk: movesPk(month),
  sk: `bucket#${String(bucket).padStart(2, '0')}`,
});
/** The attribute name of one product's figure in a month's bucket. */
export const movesName = (figure: typeof MOVED | typeof SOLD, productId: string): string =>
  figure + shortKeyOf(productId);

/** One product's movement: net units, and the day it went out on a sales order (if it did). */
export interface ProductMove {
  productId: string;
  units: number;
  soldOn?: string;
}

type BucketChanges = { add: Record<string, number>; set: Record<string, unknown> };

/**
 * The updates of one month's buckets for some moves: ADD the units, SET the day sold; one per bucket, or per
 * `maxPerUpdate` products of a bucket (seeding: an expression stays far below DynamoDB's 4 KB).
 */
export function monthUpdates(at: string, moves: readonly ProductMove[], maxPerUpdate = Infinity) {
  const month = monthOf(at);
  const byBucket = new Map<number, Array<{ products: Set<string>; changes: BucketChanges }>>();
  for (const move of moves) {
    if (move.units === 0 && !move.soldOn) continue;
    const bucket = bucketOf(move.productId);
    const chunks = byBucket.get(bucket) ?? [];
    let chunk = chunks.find((c) => c.products.has(move.productId) || c.products.size < maxPerUpdate);
    if (!chunk) chunks.push((chunk = { products: new Set(), changes: { add: {}, set: {} } }));
    chunk.products.add(move.productId);
    const moved = movesName(MOVED, move.productId);
    chunk.changes.add[moved] = (chunk.changes.add[moved] ?? 0) + move.units;
    if (move.soldOn) chunk.changes.set[movesName(SOLD, move.productId)] = move.soldOn;
    byBucket.set(bucket, chunks);
  }
  return [...byBucket]
    .sort((a, b) => a[0] - b[0])
    .flatMap(([bucket, chunks]) =>
      chunks.map(({ changes }, i) => ({ name: `moves ${bucket}#${i}`, key: movesKey(month, bucket), changes })),
    );
}

/** Adds the month updates of some moves to a transaction (named `moves <bucket>`). */
export function addMonthMoves(tx: Transaction, at: string, moves: readonly ProductMove[]): Transaction {
  for (const u of monthUpdates(at, moves)) tx.updateRaw(u.name, u.key, u.changes);
  return tx;
}

/** Applies month moves outside a transaction (bulk seeding, where the stock is written outside one too). */
export async function applyMonthMoves(at: string, moves: readonly ProductMove[]): Promise<void> {
  const updates = monthUpdates(at, moves, 40);
  for (let i = 0; i < updates.length; i += 8)
    await Promise.all(updates.slice(i, i + 8).map((u) => updateRaw(u.key, u.changes)));
}

/**
 * Records the first month whose movements were kept: this one, unless an earlier one is recorded (the earliest
 * month of a batch; seeding back-dated orders moves it back).
 */
export async function markRecordedSince(month: string): Promise<void> {
  try {
    await updateRaw(SINCE_KEY, { set: { month } }, { condition: or(notExists('month'), gte('month', month)) });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** The first month recorded, or null before any movement was. */
export const readRecordedSince = async (): Promise<string | null> => {
  const month = (await getRaw(SINCE_KEY))?.month;
  return typeof month === 'string' ? month : null;
};

/** One month's figures: net units and the day last sold, by attribute name (`movesName`). */
export interface MonthMoves {
  month: string;
  moved(productId: string): number;
  soldOn(productId: string): string | undefined;
}

/** A month's buckets (one Query, all pages). */
export async function readMonthMoves(month: string): Promise<MonthMoves> {
  const { items } = await queryRaw({ pkName: 'pk', pk: movesPk(month), skName: 'sk' });
  const values = new Map<string, unknown>();
  for (const item of items) for (const [name, value] of Object.entries(item)) values.set(name, value);
  return {
    month,
    moved: (productId) => {
      const v = values.get(movesName(MOVED, productId));
      return typeof v === 'number' ? v : 0;
    },
    soldOn: (productId) => {
      const o = values.get(movesName(SOLD, productId));
      return typeof o === 'string' ? o : undefined;
    },
  };
}
