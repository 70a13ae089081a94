import { createHash } from 'node:crypto';
import { getRaw, queryRaw } from '../core';

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
 * Access patterns (raw items, through the core's `getRaw`/`queryRaw`/`updateRaw`: no entity can model
 * per-product attribute names):
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
export const ledgerKey = (bucket: number) => ({ pk: LEDGER_PK, sk: `bucket#${String(bucket).padStart(2, '0')}` });

export const STOCK = 's';
export const PENDING = 'p';
export const REMAINING = 'r';
export const FREE = 'f';
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
/** An id's 11-character key, as ledger names use it (the stock-movement months name their attributes with it too). */
export const shortKeyOf = keyOf;
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
  return (await queryRaw({ pkName: 'pk', pk, skName: 'sk' }, limit ? { limit } : {})).items;
}

/** The buckets of these products (GetItems in parallel, strongly consistent). */
export async function readStockFor(productIds: readonly string[]): Promise<StockView> {
  const buckets = [...new Set(productIds.map(bucketOf))];
  const items = await Promise.all(
    buckets.map(async (bucket) => (await getRaw(ledgerKey(bucket), { consistent: true })) ?? {}),
  );
  return stockViewOf(items);
}
