import type { Counters } from '@bo/shared';
import { MAX_TRANSACTION_ITEMS, eq, itemAbsent, transaction } from '../core';
import { type OrderChunks, type SalesContributionItem, salesContributionEntity } from './entity';
import { addCellUpdate, chunksOf, type Before } from './cell-writes';

/** How many cell updates go in one chunk of a large change (the contribution's update is the last item). */
const CHUNK_CELLS = MAX_TRANSACTION_ITEMS - 1;

/** One record's change: the contribution as it counts now, the version and cells it moves to, and the difference. */
export interface Change {
  orderId: string;
  before: Before | undefined;
  version: number;
  next: Record<string, Counters>;
  delta: Map<string, Counters>;
}

/**
 * An order touching more cells than a transaction holds (a 500-line order of 60 brands): its change is recorded
 * on the contribution first, then applied chunk by chunk, each chunk's transaction moving `applied` on from the
 * value it read, then the contribution takes the new cells.
 */
export async function applyInChunks(
  gen: number,
  change: Change,
): Promise<{ cellWrites: number; transactions: number }> {
  const chunks = chunksOf([{ cells: change.before?.cells ?? {}, next: change.next }], CHUNK_CELLS);
  const item: SalesContributionItem & { pending: OrderChunks } = {
    gen,
    orderId: change.orderId,
    orderVersion: change.before?.orderVersion ?? -1,
    cells: change.before?.cells ?? {},
    pending: { orderVersion: change.version, next: change.next, chunks, applied: 0 },
  };
  await transaction()
    .put('contribution', salesContributionEntity, item, { condition: change.before?.condition ?? itemAbsent })
    .commit();
  const done = await finishOrderChunks(item);
  return { cellWrites: done.cellWrites, transactions: done.transactions + 1 };
}

/** Applies the chunks of a recorded change not applied yet, then makes its cells the contribution's. */
export async function finishOrderChunks(
  item: SalesContributionItem & { pending: OrderChunks },
): Promise<{ item: SalesContributionItem; cellWrites: number; transactions: number }> {
  const pending = item.pending;
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
