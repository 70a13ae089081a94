import { cellDelta, orderReceivableCells, saleCells, saleOf, type Counters } from '@bo/shared';
import { ConflictError } from '../../domain';
import { MAX_TRANSACTION_ITEMS, batchGet, itemAbsent, transaction } from '../core';
import { getCustomerItems } from '../customers';
import { mapLimit } from '../map-limit';
import { getWhole } from '../orders/reads';
import type { OrderHeaderItem, StoredLine } from '../orders/entity';
import { salesContributionEntity } from './entity';
import { applyBatch, batchesOf, settle } from './batches';
import { addCellUpdate, addInto, lostRace } from './cell-writes';
import { applyInChunks, type Change } from './order-chunks';

/**
 * Brings one generation's figures in line with orders as they are now (issue 25): each order's cells are
 * recomputed from the order (shared `saleOf` / `saleCells`) and only the difference from what its contribution
 * says it added is applied, in one transaction with the contribution's new state, conditioned on the state read.
 * So an order applied twice adds nothing the second time, two runs racing on one order apply it once (the loser
 * re-reads), and the stream and a rebuild can both run over the same orders. Orders of one call share their
 * cells' updates (a batch of one day's orders touches the same cells): when their contributions and cells fit in
 * one transaction they are written in it, else as batches (batches.ts) whose shared cells are written once.
 */

/** A generation and the brands it leaves out. */
export interface Generation {
  gen: number;
  excluded: ReadonlySet<string>;
}

/** The version a deleted order's contribution records: no stale read of the order can come after it. */
const GONE = Number.MAX_SAFE_INTEGER;
/** Orders read at a time. */
const READ_CONCURRENCY = 8;
/** Attempts of a chunk whose contributions changed under it (each re-reads its orders). */
const ATTEMPTS = 5;

export interface ReconcileCounts {
  orders: number;
  changed: number;
  cellWrites: number;
  transactions: number;
}

type Whole = { header: OrderHeaderItem; lines: StoredLine[] } | undefined;

/** A record as read now: its version, and the cells it adds to a generation. */
export interface FigureSnapshot {
  version: number;
  cells: (g: Generation) => Record<string, Counters>;
}

/**
 * What the figures are kept from: records read by id (undefined: gone), each with the cells it adds. Its
 * contributions are stored under `prefix` + id, so the sources share the contributions' key space.
 */
export interface FigureSource {
  prefix: string;
  read(ids: readonly string[]): Promise<Array<FigureSnapshot | undefined>>;
}

/** Sales orders: what `saleOf` makes of each, by its customer's type. */
export const ORDER_FIGURES: FigureSource = {
  prefix: '',
  async read(ids) {
    const wholes = await mapLimit(ids, READ_CONCURRENCY, (orderId) => getWhole(orderId));
    const types = await customerTypes(wholes);
    return wholes.map((whole) =>
      whole ? { version: whole.header.version, cells: (g: Generation) => targetCells(whole, types, g) } : undefined,
    );
  },
};

export interface ReconcileOptions {
  /**
   * The most items one transaction of the figures holds: DynamoDB's 100. Tests pass a few, to make batches of a few
   * orders and chunks of a few cells out of little data.
   */
  transactionItems?: number;
}

/** Recomputes the cells of these orders in each generation; what changed is written. */
export const reconcileOrders = (orderIds: readonly string[], gens: readonly Generation[], options?: ReconcileOptions) =>
  reconcile(ORDER_FIGURES, orderIds, gens, options);

/** Recomputes the cells of these records of a source in each generation; what changed is written. */
export async function reconcile(
  source: FigureSource,
  recordIds: readonly string[],
  gens: readonly Generation[],
  { transactionItems = MAX_TRANSACTION_ITEMS }: ReconcileOptions = {},
): Promise<ReconcileCounts> {
  const counts: ReconcileCounts = { orders: 0, changed: 0, cellWrites: 0, transactions: 0 };
  const ids = [...new Set(recordIds)];
  if (!ids.length || !gens.length) return counts;
  let pending = ids;
  for (let attempt = 1; pending.length; attempt++) {
    const snapshots = await source.read(pending);
    const lost: string[] = [];
    for (const g of gens) {
      const result = await reconcileGeneration(
        pending.map((id) => source.prefix + id),
        snapshots,
        g,
        transactionItems,
      );
      counts.changed += result.changed;
      counts.cellWrites += result.cellWrites;
      counts.transactions += result.transactions;
      lost.push(...result.lost.map((key) => key.slice(source.prefix.length)));
    }
    counts.orders += pending.length - new Set(lost).size;
    pending = [...new Set(lost)];
    if (pending.length && attempt >= ATTEMPTS)
      throw new ConflictError(`Report figures of ${pending.length} records kept changing while being applied`);
  }
  return counts;
}

async function customerTypes(wholes: readonly Whole[]): Promise<Map<string, string>> {
  const ids = [...new Set(wholes.flatMap((w) => (w ? [w.header.customerID] : [])))];
  const customers = ids.length ? await getCustomerItems(ids) : [];
  return new Map(customers.map((c) => [c.customerId, c.type]));
}

/** The cells an order adds to a generation now: its sale (brands excluded left out) and what it invoiced (all of it). */
export function targetCells(whole: Whole, types: ReadonlyMap<string, string>, g: Generation): Record<string, Counters> {
  if (!whole) return {};
  const { header, lines } = whole;
  const sale = saleOf({ ...header, lines }, types.get(header.customerID) ?? 'UNKNOWN', g.excluded);
  return { ...Object.fromEntries(saleCells(sale)), ...Object.fromEntries(orderReceivableCells(header)) };
}

async function reconcileGeneration(
  orderIds: readonly string[],
  snapshots: ReadonlyArray<FigureSnapshot | undefined>,
  g: Generation,
  items: number,
): Promise<{ changed: number; cellWrites: number; transactions: number; lost: string[] }> {
  const stored = await batchGet(
    salesContributionEntity,
    orderIds.map((orderId) => ({ gen: g.gen, orderId })),
    { consistent: true },
  );
  // A change left half-way (a large order's chunks, a batch) is finished first.
  const { before: settled, lost, totals } = await settle(g.gen, stored);
  let { cellWrites, transactions } = totals;
  const lostFirst = new Set(lost);
  const changes: Change[] = [];
  for (const [i, orderId] of orderIds.entries()) {
    if (lostFirst.has(orderId)) continue;
    const snapshot = snapshots[i];
    const before = settled.get(orderId);
    const version = snapshot ? snapshot.version : GONE;
    if (before && before.orderVersion >= version) continue;
    const next = snapshot ? snapshot.cells(g) : {};
    const delta = cellDelta(new Map(Object.entries(before?.cells ?? {})), new Map(Object.entries(next)));
    // Nothing to add (a payment, a draft's edit): nothing is written; the next change compares with the same cells.
    if (delta.size === 0) continue;
    changes.push({ orderId, before, version, next, delta });
  }
  const count = (done: { cellWrites: number; transactions: number } | undefined, ids: readonly string[]) => {
    if (!done) lost.push(...ids);
    else {
      cellWrites += done.cellWrites;
      transactions += done.transactions;
    }
  };
  const small: Change[] = [];
  for (const change of changes)
    if (change.delta.size + 1 >= MAX_TRANSACTION_ITEMS)
      count(await applyInChunks(g.gen, change).catch(lostRace), [change.orderId]);
    else small.push(change);
  const merged = new Map<string, Counters>();
  for (const change of small)
    for (const [id, counters] of change.delta) merged.set(id, addInto(merged.get(id), counters));
  if (small.length + merged.size <= items)
    count(
      await applyTogether(g.gen, small, merged),
      small.map((c) => c.orderId),
    );
  else
    for (const batch of batchesOf(small, items))
      count(
        await applyBatch(g.gen, batch, items),
        batch.map((c) => c.orderId),
      );
  return { changed: changes.length, cellWrites, transactions, lost };
}

/** Changes whose contributions and summed cells fit in one transaction: written in it. */
async function applyTogether(gen: number, changes: readonly Change[], merged: ReadonlyMap<string, Counters>) {
  if (!changes.length) return { cellWrites: 0, transactions: 0 };
  const tx = transaction();
  for (const [id, counters] of merged) addCellUpdate(tx, gen, id, counters);
  const cellWrites = tx.size;
  for (const change of changes)
    tx.put(
      `contribution ${change.orderId}`,
      salesContributionEntity,
      { gen, orderId: change.orderId, orderVersion: change.version, cells: change.next },
      { condition: change.before?.condition ?? itemAbsent },
    );
  return (await tx.commit().then(() => true, lostRace)) ? { cellWrites, transactions: 1 } : undefined;
}
