import { cellAddressOf, cellDelta, orderReceivableCells, saleCells, saleOf, type Counters } from '@bo/shared';
import { ConflictError } from '../../domain';
import {
  MAX_TRANSACTION_ITEMS,
  batchGet,
  eq,
  and,
  notExists,
  itemAbsent,
  transaction,
  type Transaction,
} from '../core';
import { getCustomerItems } from '../customers';
import { mapLimit } from '../map-limit';
import { getWhole } from '../orders/reads';
import type { OrderHeaderItem, StoredLine } from '../orders/entity';
import { type SalesContributionItem, salesCellEntity, salesContributionEntity } from './entity';

/**
 * Brings one generation's figures in line with orders as they are now (issue 25): each order's cells are
 * recomputed from the order (shared `saleOf` / `saleCells`) and only the difference from what its contribution
 * says it added is applied, in one transaction with the contribution's new state, conditioned on the state read.
 * So an order applied twice adds nothing the second time, two runs racing on one order apply it once (the loser
 * re-reads), and the stream and a rebuild can both run over the same orders. Orders of one call share their
 * cells' updates (a batch of one day's orders touches the same cells), so a stream batch costs a few
 * transactions, not one per order.
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

/** Recomputes the cells of these orders in each generation; what changed is written. */
export const reconcileOrders = (orderIds: readonly string[], gens: readonly Generation[]) =>
  reconcile(ORDER_FIGURES, orderIds, gens);

/** Recomputes the cells of these records of a source in each generation; what changed is written. */
export async function reconcile(
  source: FigureSource,
  recordIds: readonly string[],
  gens: readonly Generation[],
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

interface Change {
  orderId: string;
  before: SalesContributionItem | undefined;
  version: number;
  next: Record<string, Counters>;
  delta: Map<string, Counters>;
}

async function reconcileGeneration(
  orderIds: readonly string[],
  snapshots: ReadonlyArray<FigureSnapshot | undefined>,
  g: Generation,
): Promise<{ changed: number; cellWrites: number; transactions: number; lost: string[] }> {
  const stored = await batchGet(
    salesContributionEntity,
    orderIds.map((orderId) => ({ gen: g.gen, orderId })),
    { consistent: true },
  );
  const byId = new Map(stored.map((c) => [c.orderId, c]));
  const changes: Change[] = [];
  const lost: string[] = [];
  let cellWrites = 0;
  let transactions = 0;
  for (const [i, orderId] of orderIds.entries()) {
    const snapshot = snapshots[i];
    let before = byId.get(orderId);
    if (before?.pending) {
      // A large change left half-way: finish it first (its chunks are applied once each).
      const done = await finishPending(before).catch(lostRace);
      if (!done) {
        lost.push(orderId);
        continue;
      }
      cellWrites += done.cellWrites;
      transactions += done.transactions;
      before = done.item;
    }
    const version = snapshot ? snapshot.version : GONE;
    if (before && before.orderVersion >= version) continue;
    const next = snapshot ? snapshot.cells(g) : {};
    const delta = cellDelta(new Map(Object.entries(before?.cells ?? {})), new Map(Object.entries(next)));
    // Nothing to add (a payment, a draft's edit): nothing is written; the next change compares with the same cells.
    if (delta.size === 0) continue;
    changes.push({ orderId, before, version, next, delta });
  }
  let tx = transaction();
  let merged = new Map<string, Counters>();
  let inTx: Change[] = [];
  const flush = async () => {
    if (!inTx.length) return;
    for (const [id, counters] of merged) addCellUpdate(tx, g.gen, id, counters);
    const ok = await tx.commit().then(
      () => true,
      (error: unknown) => lostRace(error).then((r) => r ?? false),
    );
    if (ok) {
      cellWrites += merged.size;
      transactions++;
    } else lost.push(...inTx.map((c) => c.orderId));
    tx = transaction();
    merged = new Map();
    inTx = [];
  };
  for (const change of changes) {
    if (change.delta.size + 1 >= MAX_TRANSACTION_ITEMS) {
      const big = await applyInChunks(g.gen, change).catch(lostRace);
      if (!big) lost.push(change.orderId);
      else {
        cellWrites += big.cellWrites;
        transactions += big.transactions;
      }
      continue;
    }
    const fresh = [...change.delta.keys()].filter((id) => !merged.has(id)).length;
    if (merged.size + fresh + inTx.length + 1 > MAX_TRANSACTION_ITEMS) await flush();
    for (const [id, counters] of change.delta) merged.set(id, addInto(merged.get(id), counters));
    inTx.push(change);
    tx.put(
      `contribution ${change.orderId}`,
      salesContributionEntity,
      {
        gen: g.gen,
        orderId: change.orderId,
        orderVersion: change.version,
        cells: change.next,
      },
      { condition: unchanged(change.before) },
    );
  }
  await flush();
  return { changed: changes.length, cellWrites, transactions, lost };
}

const addInto = (into: Counters | undefined, more: Counters): Counters => {
  const out = { ...(into ?? {}) };
  for (const [k, v] of Object.entries(more)) out[k] = (out[k] ?? 0) + v;
  return out;
};

function addCellUpdate(tx: Transaction, gen: number, id: string, counters: Counters) {
  const a = cellAddressOf(id);
  const add = Object.fromEntries(Object.entries(counters).filter(([, v]) => v !== 0));
  if (!Object.keys(add).length) return;
  tx.update(`cell ${id}`, salesCellEntity, { gen, ...a }, { add }, { mustExist: false });
}

/** The contribution is still as read: the same version and no change half-applied (or still absent). */
const unchanged = (before: SalesContributionItem | undefined) =>
  before ? and(eq('orderVersion', before.orderVersion), notExists('pending')) : itemAbsent;

/** A lost race (a condition failed: someone else moved the contribution on) is undefined; other errors throw. */
async function lostRace(error: unknown): Promise<undefined> {
  if (error instanceof ConflictError) return undefined;
  throw error;
}

/** How many cell updates go in one chunk of a large change (the contribution's update is the last item). */
const CHUNK_CELLS = MAX_TRANSACTION_ITEMS - 1;

/**
 * An order touching more cells than a transaction holds (a 500-line order of 60 brands): its change is recorded
 * on the contribution first, then applied chunk by chunk, each chunk's transaction moving `applied` on from the
 * value it read, then the contribution takes the new cells.
 */
async function applyInChunks(gen: number, change: Change): Promise<{ cellWrites: number; transactions: number }> {
  const entries = [...change.delta.entries()];
  const chunks: Array<Record<string, Counters>> = [];
  for (let i = 0; i < entries.length; i += CHUNK_CELLS)
    chunks.push(Object.fromEntries(entries.slice(i, i + CHUNK_CELLS)));
  const item: SalesContributionItem = {
    gen,
    orderId: change.orderId,
    orderVersion: change.before?.orderVersion ?? -1,
    cells: change.before?.cells ?? {},
    pending: { orderVersion: change.version, next: change.next, chunks, applied: 0 },
  };
  await transaction()
    .put('contribution', salesContributionEntity, item, { condition: unchanged(change.before) })
    .commit();
  const done = await finishPending(item);
  return { cellWrites: done.cellWrites, transactions: done.transactions + 1 };
}

/** Applies the chunks of a recorded change not applied yet, then makes its cells the contribution's. */
async function finishPending(
  item: SalesContributionItem,
): Promise<{ item: SalesContributionItem; cellWrites: number; transactions: number }> {
  const pending = item.pending!;
  const key = { gen: item.gen, orderId: item.orderId };
  let cellWrites = 0;
  let transactions = 0;
  for (let i = pending.applied; i < pending.chunks.length; i++) {
    const tx = transaction();
    for (const [id, counters] of Object.entries(pending.chunks[i]!)) addCellUpdate(tx, item.gen, id, counters);
    tx.update(
      'contribution',
      salesContributionEntity,
      key,
      { set: { pending: { ...pending, applied: i + 1 } } },
      {
        condition: eq(['pending', 'applied'], i),
      },
    );
    await tx.commit();
    cellWrites += tx.size - 1;
    transactions++;
  }
  await transaction()
    .update(
      'contribution',
      salesContributionEntity,
      key,
      {
        set: { cells: pending.next, orderVersion: pending.orderVersion },
        remove: ['pending'],
      },
      { condition: eq(['pending', 'applied'], pending.chunks.length) },
    )
    .commit();
  transactions++;
  const { pending: _done, ...rest } = item;
  return { item: { ...rest, cells: pending.next, orderVersion: pending.orderVersion }, cellWrites, transactions };
}
