import type { Actor } from '../../domain';
import type { Transaction } from '../core';
import { logChange } from '../change-log';

/** A note in the order's history for what the driver or the office did at its stop, in the same transaction. */
export const logOrderNote = (
  tx: Transaction,
  { by, orderId, notes, at, name }: { by: Actor; orderId: string; notes: string; at?: string; name?: string },
): Transaction =>
  logChange(
    tx,
    { caller: by, entityType: 'order', entityId: orderId, action: 'update', changes: [], notes, ...(at ? { at } : {}) },
    name,
  );
