import { randomUUID } from 'node:crypto';
import type { Counters } from '@bo/shared';
import { ConflictError } from '../../domain';
import { and, batchGet, eq, get, itemAbsent, transaction } from '../core';
import { type BatchLeader, type BatchMember, type SalesContributionItem, salesContributionEntity } from './entity';
import { addCellUpdate, chunksOf, lostRace, settledAt, type Before } from './cell-writes';
import { finishOrderChunks, type Change } from './order-chunks';

/**
 * Many orders' changes applied as one batch (a rebuild's page, a stream batch of many orders), so each cell they
 * share is written once for all of them: a day's hundred orders touch ~3 cells each of their own (their customer's)
 * and a few hundred shared ones, which transactions of the ~8 orders whose cells fit in 100 items wrote again and
 * again (~11 items an order against ~4).
 *
 * 1. Lock: one transaction puts every order's contribution with its change pending, each conditioned on the state
 *    read. The first order leads: it records the others (members), how many chunks the batch's summed change makes,
 *    and how many are applied.
 * 2. Chunks: the summed change, by cell id, `items - 1` cells a transaction, each moving the leader's `applied` on
 *    from the value read; the last also settles the leader (its cells become `next`, `pending` goes).
 * 3. Members settle lazily: a member whose leader no longer holds its batch counts as its pending change, and the
 *    next write of it is conditioned on still holding that batch.
 *
 * Whoever reads a contribution of a batch still in progress finishes the batch first (its chunks are computed
 * again from the locked contributions, which nothing changes until it is done); so a crash at any point is
 * finished by the next run over any of its orders, and two finishers apply each chunk once.
 */

/** What one batch's lock may carry: DynamoDB takes 4 MB a transaction, and the contributions are most of it. */
const LOCK_BYTES = 3_000_000;
/** Chunk transactions a finisher tries beyond the batch's chunk count when others keep moving it on first. */
const EXTRA_ATTEMPTS = 5;

export interface Totals {
  cellWrites: number;
  transactions: number;
}

const bytesOf = (c: Change) => JSON.stringify(c.before?.cells ?? {}).length + JSON.stringify(c.next).length + 200;

/** The changes in batches: at most `items` orders each (one lock transaction), their contributions within LOCK_BYTES. */
export function batchesOf(changes: readonly Change[], items: number): Change[][] {
  const batches: Change[][] = [];
  let batch: Change[] = [];
  let bytes = 0;
  for (const change of changes) {
    const size = bytesOf(change);
    if (batch.length && (batch.length >= items || bytes + size > LOCK_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(change);
    bytes += size;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/** Locks and applies one batch; undefined when a contribution moved on since it was read (its orders are read again). */
export async function applyBatch(gen: number, changes: readonly Change[], items: number): Promise<Totals | undefined> {
  const batch = randomUUID();
  const [leader, ...members] = changes;
  if (!leader) return { cellWrites: 0, transactions: 0 };
  const chunks = chunksOf(
    changes.map((c) => ({ cells: c.before?.cells ?? {}, next: c.next })),
    items - 1,
  );
  const tx = transaction();
  for (const [i, c] of changes.entries()) {
    const change = { orderVersion: c.version, next: c.next, batch };
    const pending: BatchLeader | BatchMember =
      i === 0
        ? {
            ...change,
            members: members.map((m) => m.orderId),
            chunkCells: items - 1,
            chunkCount: chunks.length,
            applied: 0,
          }
        : { ...change, leader: leader.orderId };
    tx.put(
      `contribution ${c.orderId}`,
      salesContributionEntity,
      { gen, orderId: c.orderId, orderVersion: c.before?.orderVersion ?? -1, cells: c.before?.cells ?? {}, pending },
      { condition: c.before?.condition ?? itemAbsent },
    );
  }
  if (!(await tx.commit().then(() => true, lostRace))) return undefined;
  const done = await finishBatch(gen, leader.orderId, batch, chunks);
  return { cellWrites: done.cellWrites, transactions: done.transactions + 1 };
}

const isLeader = (p: SalesContributionItem['pending']): p is BatchLeader => !!p && 'members' in p;
const isMember = (p: SalesContributionItem['pending']): p is BatchMember => !!p && 'leader' in p;

/**
 * Applies a batch's chunks not applied yet, from whatever its leader says now; returns once the leader no longer
 * holds the batch (this run or another finished it).
 */
export async function finishBatch(
  gen: number,
  leaderId: string,
  batch: string,
  known?: Array<Record<string, Counters>>,
): Promise<Totals> {
  const key = { gen, orderId: leaderId };
  const totals: Totals = { cellWrites: 0, transactions: 0 };
  let chunks = known;
  for (let attempt = 0; ; attempt++) {
    const leader = await get(salesContributionEntity, key, { consistent: true });
    const p = leader?.pending;
    if (!leader || !isLeader(p) || p.batch !== batch) return totals;
    if (attempt > p.chunkCount + EXTRA_ATTEMPTS)
      throw new ConflictError(`Report figures: batch ${batch} kept moving on while being finished`);
    chunks ??= await lockedChunks(leader, p);
    if (!chunks) continue; // a member no longer holds the batch: it was finished (the leader read next says so)
    if (chunks.length !== p.chunkCount)
      throw new Error(
        `Report figures: batch ${batch} sums to ${chunks.length} chunks, its leader says ${p.chunkCount}`,
      );
    const i = p.applied;
    const last = i >= p.chunkCount - 1;
    const tx = transaction();
    for (const [id, counters] of Object.entries(chunks[i] ?? {})) addCellUpdate(tx, gen, id, counters);
    const cells = tx.size;
    tx.update(
      'batch leader',
      salesContributionEntity,
      key,
      last
        ? { set: { cells: p.next, orderVersion: p.orderVersion }, remove: ['pending'] }
        : { set: { pending: { ...p, applied: i + 1 } } },
      { condition: and(eq(['pending', 'batch'], batch), eq(['pending', 'applied'], i)) },
    );
    if (await tx.commit().then(() => true, lostRace)) {
      totals.cellWrites += cells;
      totals.transactions++;
    }
  }
}

/** The chunks of a batch in progress, from its locked contributions; undefined when one no longer holds it. */
async function lockedChunks(leader: SalesContributionItem, p: BatchLeader) {
  const members = await batchGet(
    salesContributionEntity,
    p.members.map((orderId) => ({ gen: leader.gen, orderId })),
    { consistent: true },
  );
  const byId = new Map(members.map((m) => [m.orderId, m]));
  const parts = [{ cells: leader.cells, next: p.next }];
  for (const id of p.members) {
    const member = byId.get(id);
    if (!member || !isMember(member.pending) || member.pending.batch !== p.batch) return undefined;
    parts.push({ cells: member.cells, next: member.pending.next });
  }
  return chunksOf(parts, p.chunkCells);
}

/**
 * What each stored contribution counts now, finishing first any change it holds half-done (a large order's
 * chunks, a batch in progress); the records whose contribution another run moved on meanwhile are `lost`.
 */
export async function settle(
  gen: number,
  stored: readonly SalesContributionItem[],
): Promise<{ before: Map<string, Before>; lost: string[]; totals: Totals }> {
  const before = new Map<string, Before>();
  const lost: string[] = [];
  const totals: Totals = { cellWrites: 0, transactions: 0 };
  const count = (t: Totals) => {
    totals.cellWrites += t.cellWrites;
    totals.transactions += t.transactions;
  };
  const members: Array<SalesContributionItem & { pending: BatchMember }> = [];
  for (const c of stored) {
    const p = c.pending;
    if (!p)
      before.set(c.orderId, { orderVersion: c.orderVersion, cells: c.cells, condition: settledAt(c.orderVersion) });
    else if (isMember(p)) members.push({ ...c, pending: p });
    else {
      const done = await (
        isLeader(p) ? finishBatch(gen, c.orderId, p.batch) : finishOrderChunks({ ...c, pending: p })
      ).catch(lostRace);
      if (!done) lost.push(c.orderId);
      else {
        count(done);
        before.set(c.orderId, { orderVersion: p.orderVersion, cells: p.next, condition: settledAt(p.orderVersion) });
      }
    }
  }
  if (!members.length) return { before, lost, totals };
  // The leaders are read after the members: a member's lock came before its read, so its leader read now shows
  // the batch in progress or done, never the state before the lock.
  const leaders = await batchGet(
    salesContributionEntity,
    [...new Set(members.map((m) => m.pending.leader))].map((orderId) => ({ gen, orderId })),
    { consistent: true },
  );
  const inProgress = new Set(leaders.flatMap((l) => (isLeader(l.pending) ? [l.pending.batch] : [])));
  const finished = new Map<string, boolean>();
  for (const m of members) {
    const p = m.pending;
    if (inProgress.has(p.batch) && !finished.has(p.batch)) {
      const done = await finishBatch(gen, p.leader, p.batch).catch(lostRace);
      if (done) count(done);
      finished.set(p.batch, !!done);
    }
    if (finished.get(p.batch) === false) lost.push(m.orderId);
    else
      before.set(m.orderId, {
        orderVersion: p.orderVersion,
        cells: p.next,
        condition: eq(['pending', 'batch'], p.batch),
      });
  }
  return { before, lost, totals };
}
