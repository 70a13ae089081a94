import { randomUUID } from 'node:crypto';
import type { Actor } from '../../domain';

/**
 * Why a ledger write happened, stored on each bucket it updates (attribute `m`), so the table's stream can
 * tell product history what moved (functions/src/data/stock-movements, the events/ consumer). Only order
 * writes pass a cause: seeding, migrations and manual adjustments (which write their own change-log entry)
 * leave the bucket's last cause in place, and the consumer skips a record whose cause did not change.
 */
export interface LedgerCause {
  /** Unique per write: the history entries derived from it are keyed by it, so a retry rewrites nothing. */
  move: string;
  at: string;
  userId: string;
  userName?: string;
  /**
   * The order that moved stock; `kind` is set for a purchase order and for a return of a sales order (whose
   * status is RETURNED or WRITTEN_OFF, and which names its credit note); a sales order leaves it out.
   */
  order: { id: string; orderNum: string; status: string; kind?: 'purchaseOrder' | 'return'; creditNoteNum?: string };
  /** Units written off per product id (a return's WRITE_OFF lines): history records them though stock stays. */
  writeOffs?: Record<string, number>;
}

/** The cause as stored on one bucket: plus the product of each stock and pending counter it touches. */
export interface StoredCause extends LedgerCause {
  /** Counter attribute name (`ledgerName`, a hash) → product id: names cannot be read back into ids. */
  counters: Record<string, string>;
}

export const CAUSE_ATTRIBUTE = 'm';

/** The cause of an order write (a fresh move id). */
export const orderCause = (
  order: LedgerCause['order'],
  by: Pick<Actor, 'userId' | 'name'>,
  at: string,
): LedgerCause => ({
  move: randomUUID(),
  at,
  userId: by.userId,
  ...(by.name ? { userName: by.name } : {}),
  order,
});

/** The stored cause of a stream image, if it has a well-formed one. */
export function causeOf(image: Record<string, unknown> | undefined): StoredCause | undefined {
  const value = image?.[CAUSE_ATTRIBUTE] as Partial<StoredCause> | undefined;
  if (!value || typeof value !== 'object') return undefined;
  const { move, at, userId, order, counters } = value;
  if (typeof move !== 'string' || typeof at !== 'string' || typeof userId !== 'string') return undefined;
  if (!order || typeof order.id !== 'string' || !counters || typeof counters !== 'object') return undefined;
  return value as StoredCause;
}
