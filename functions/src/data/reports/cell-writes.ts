import { cellAddressOf, cellDelta, type Counters } from '@bo/shared';
import { ConflictError } from '../../domain';
import { and, eq, notExists, type Condition, type Transaction } from '../core';
import { salesCellEntity } from './entity';

/** What a record's contribution counts now, and the condition that it still does when a write replaces it. */
export interface Before {
  orderVersion: number;
  cells: Record<string, Counters>;
  condition: Condition;
}

/** A settled contribution (no change pending) still at this version. */
export const settledAt = (orderVersion: number): Condition =>
  and(eq('orderVersion', orderVersion), notExists('pending'));

export const addInto = (into: Counters | undefined, more: Counters): Counters => {
  const out = { ...(into ?? {}) };
  for (const [k, v] of Object.entries(more)) out[k] = (out[k] ?? 0) + v;
  return out;
};

/** The summed change of contributions moving from `cells` to `next`, zeros left out, cell ids in order, in chunks of `size` cells. */
export function chunksOf(
  parts: ReadonlyArray<{ cells: Record<string, Counters>; next: Record<string, Counters> }>,
  size: number,
): Array<Record<string, Counters>> {
  const sum = new Map<string, Counters>();
  for (const { cells, next } of parts)
    for (const [id, counters] of cellDelta(new Map(Object.entries(cells)), new Map(Object.entries(next))))
      sum.set(id, addInto(sum.get(id), counters));
  const entries = [...sum]
    .map(([id, counters]) => [id, Object.fromEntries(Object.entries(counters).filter(([, v]) => v !== 0))] as const)
    .filter(([, counters]) => Object.keys(counters).length)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const chunks: Array<Record<string, Counters>> = [];
  for (let i = 0; i < entries.length; i += size) chunks.push(Object.fromEntries(entries.slice(i, i + size)));
  return chunks;
}

/** Adds a cell's counters in a transaction (the zeros left out; nothing when all are zero). */
export function addCellUpdate(tx: Transaction, gen: number, id: string, counters: Counters) {
  const a = cellAddressOf(id);
  const add = Object.fromEntries(Object.entries(counters).filter(([, v]) => v !== 0));
  if (!Object.keys(add).length) return;
  tx.update(`cell ${id}`, salesCellEntity, { gen, ...a }, { add }, { mustExist: false });
}

/** A lost race (a condition failed: someone else moved the contribution on) is undefined; other errors throw. */
export async function lostRace(error: unknown): Promise<undefined> {
  if (error instanceof ConflictError) return undefined;
  throw error;
}
