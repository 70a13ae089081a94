import type { ConfirmRestockBody, Return } from '@bo/shared';
import { type Actor, ConflictError } from '../../domain';
import { notExists, transaction } from '../core';
import { logChange } from '../change-log';
import { returnEntity } from './entity';
import { getReturnItem } from './reads';
import { returnNotFound, toReturn } from './records';

export const NOTHING_RESTOCKED = 'This return wrote everything off: there are no restocked units to confirm';

/**
 * INVENTORY confirms a return's restocked units are on the shelf (PUT /db/returns/confirmRestock/{id}): set once,
 * with who, when and a note, and its change-log entry; confirming again answers the return as it is.
 */
export async function confirmRestock(
  returnId: string,
  body: ConfirmRestockBody,
  by: Actor,
  withPrices: boolean,
): Promise<Return> {
  const item = await getReturnItem(returnId);
  if (!item) throw returnNotFound();
  if (item.restockConfirmed) return toReturn(item, withPrices);
  if (!item.lines.some((l) => l.disposition === 'RESTOCK')) throw new ConflictError(NOTHING_RESTOCKED);
  const on = new Date().toISOString();
  const restockConfirmed = { on, by: by.name ?? by.userId, ...(body.note ? { note: body.note } : {}) };
  const units = item.lines.filter((l) => l.disposition === 'RESTOCK').reduce((sum, l) => sum + l.quantity, 0);
  const tx = transaction().update(
    'return',
    returnEntity,
    { returnId },
    { set: { restockConfirmed } },
    { condition: notExists('restockConfirmed') },
  );
  logChange(tx, {
    caller: by,
    entityType: 'return',
    entityId: returnId,
    action: 'update',
    changes: [{ name: 'Restock confirmed', field: 'restockConfirmed', action: 'update', newValue: `${units} units` }],
    ...(body.note ? { notes: body.note } : {}),
    at: on,
  });
  let raced = false;
  await tx
    .commit((failed) => {
      raced = failed.has('return');
      return raced ? new ConflictError('confirmed meanwhile') : undefined;
    })
    .catch((error: unknown) => {
      if (!raced) throw error;
    });
  const saved = raced ? await getReturnItem(returnId) : { ...item, restockConfirmed };
  return toReturn(saved ?? item, withPrices);
}
