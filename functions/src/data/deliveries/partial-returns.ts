import { returnLinesOf } from '@bo/shared';
import type { Actor } from '../../domain';
import { get, update } from '../core';
import { getWhole } from '../orders/reads';
import { createReturn } from '../returns/writes';
import { deliveryRecordEntity } from './entity';

/**
 * PARTIAL deliveries (issue 26): what was not delivered goes back to stock through a return of the (now
 * DELIVERED) order, made by the `delivery-returns` stream consumer from the new record. It cannot join the
 * delivery's transaction (a return writes the order's header at the version it read, one transaction cannot
 * write an item twice, and a return needs the order DELIVERED first), and keeping it out of the route keeps the
 * returns module out of the `complete` Lambda's bundle. Idempotent: the return's key comes from the record's id,
 * so a retried batch finds the first return, and the record then names it.
 * Returns the return's id, or undefined when the record needs none.
 */
export async function returnNotDelivered(orderId: string, recordId: string): Promise<string | undefined> {
  const record = await get(deliveryRecordEntity, { orderId, recordId }, { consistent: true });
  if (!record || record.outcome !== 'PARTIAL' || !record.notDelivered?.length) return undefined;
  if (record.returnId) return record.returnId;
  const whole = await getWhole(orderId);
  if (!whole) return undefined;
  // The driver's action: the return and its change-log entries name them, as the delivery does.
  const driver: Actor = {
    userId: record.driverId,
    roles: ['DRIVER'],
    isAdmin: false,
    ...(record.driverName ? { name: record.driverName } : {}),
  };
  const why = record.reason ?? record.note ?? 'not taken';
  const made = await createReturn(
    {
      orderId,
      reason: `Not delivered: ${why}`.slice(0, 1000),
      settlement: 'CREDIT',
      lines: returnLinesOf(whole.lines, record.notDelivered).map((l) => ({ ...l, disposition: 'RESTOCK' as const })),
    },
    driver,
    { idempotencyKey: `delivery ${recordId}`, withPrices: false },
  );
  await update(deliveryRecordEntity, { orderId, recordId }, { set: { returnId: made.id } });
  return made.id;
}
