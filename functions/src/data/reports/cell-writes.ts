import { cellAddressOf, type Counters } from '@bo/shared';
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
