import { diffChanges, type Order, type ReleaseHoldBody } from '@bo/shared';
import { type Actor, ConflictError, NotFoundError } from '../../domain';
import type { OrderHeaderItem } from './entity';
import { getWhole } from './reads';
import { toOrder } from './records';
import { commitOrderWrite, updateOrderTransaction } from './transactions';

const STALE = 'This order was changed by someone else since you opened it; reload it and try again';
export const NOT_ON_HOLD = 'This order is not on credit hold';

/**
 * Releases an order's credit hold (PUT /db/orders/releaseHold/{id}, ADMIN, issue 23): the hold moves to
 * `creditHoldReleased` with who released it, when and why, in one write conditioned on the version read, with
 * its change-log entry. The order may then move past RECEIVED.
 */
export async function releaseHold(orderId: string, body: ReleaseHoldBody, by: Actor): Promise<Order> {
  const found = await getWhole(orderId);
  if (!found) throw new NotFoundError('Order not found');
  const { header: before, lines } = found;
  if (body.modifiedOn !== undefined && body.modifiedOn !== before.modifiedOn) throw new ConflictError(STALE);
  if (!before.creditHold) throw new ConflictError(NOT_ON_HOLD);
  const now = new Date().toISOString();
  const { creditHold, ...rest } = before;
  const after: OrderHeaderItem = {
    ...rest,
    creditHoldReleased: { ...creditHold, on: now, by: by.name ?? by.userId, note: body.note },
    modifiedOn: now,
    version: before.version + 1,
  };
  const tx = updateOrderTransaction(before, after, {
    groups: [],
    ledger: [],
    writeLines: false,
    change: {
      caller: by,
      action: 'update',
      changes: diffChanges({ creditHold: creditHold.reason }, { creditHold: '' }, { creditHold: 'Credit hold' }),
      notes: `Credit hold released: ${body.note}`,
      at: now,
    },
  });
  await commitOrderWrite(tx, { orderNum: before.orderNum, lines, ledger: [], onOrder: () => new ConflictError(STALE) });
  return toOrder(after, lines);
}
