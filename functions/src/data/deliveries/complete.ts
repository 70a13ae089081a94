import { randomUUID } from 'node:crypto';
import { type CompleteStopBody, type CompleteStopResponse, isDelivery, notDeliveredProblem } from '@bo/shared';
import { logger } from '#logger';
import { type Actor, BadRequestError, ConflictError, NotFoundError } from '../../domain';
import { type Transaction, eq, get, transaction } from '../core';
import { type StoredLine, isOpenStatus, orderEntity } from '../orders/entity';
import { checkReplay, idempotentOrderId, requestHashOf } from '../orders/idempotency';
import { getWhole } from '../orders/reads';
import { updateOrder } from '../orders/update';
import { type DeliveryRecordItem, deliveryClaimEntity, deliveryRecordEntity } from './entity';
import { logOrderNote } from './order-log';
import { checkedProof, storeProofs } from './proofs';
import { cancelledInOffice, changedInOffice, isStopOf, notYourStop } from './stops';
import { driverDay } from './reads';
import { dayOf, toDeliveryRecord } from './records';

/**
 * What happened at a stop (POST deliveries/complete/{orderId}). DELIVERED and PARTIAL make the order DELIVERED
 * through the order's own status change (stamps, change log, stock consumed), with the record and the
 * Idempotency-Key's claim joined to that ONE transaction, conditioned on the order's version. NOBODY_THERE and
 * REFUSED write the record and the claim in one transaction with a check of the order's version. A replay (the
 * same key and body, even after the order changed) answers the first record. What a PARTIAL did not deliver goes
 * back to stock moments later, through the return the `delivery-returns` consumer makes (partial-returns.ts).
 */

export const DELIVERY_KEY_REUSED =
  'This Idempotency-Key was already used for a different delivery action; send a new key for a new action';

const RECORD = 'delivery record';
const CLAIM = 'delivery claim';

class AlreadyRecorded extends Error {}

export async function completeStop(
  orderId: string,
  body: CompleteStopBody,
  by: Actor,
  idempotencyKey?: string,
): Promise<CompleteStopResponse> {
  const recordId = idempotencyKey ? idempotentOrderId(idempotencyKey, `delivery\n${by.userId}`) : randomUUID();
  const requestHash = requestHashOf({ orderId, ...body });
  if (idempotencyKey) {
    const replayed = await replay(recordId, requestHash, by);
    if (replayed) return replayed;
  }
  const found = await getWhole(orderId);
  if (!found) throw new NotFoundError('Order not found');
  const { header, lines } = found;
  if (!isStopOf(header, by.userId)) throw notYourStop();
  if (header.orderStatus === 'CANCELLED') throw cancelledInOffice(header.orderNum);
  if (body.modifiedOn !== header.modifiedOn) throw changedInOffice(header.orderNum);
  if (!isOpenStatus(header.orderStatus))
    throw new ConflictError(`Order ${header.orderNum} is ${header.orderStatus.toLowerCase()} already`);

  const photo = body.photo ? checkedProof(body.photo) : undefined;
  const signature = body.signature ? checkedProof(body.signature) : undefined;
  const notDelivered = body.outcome === 'PARTIAL' ? notDeliveredLines(lines, body.notDelivered ?? []) : undefined;
  const proofs = isDelivery(body.outcome) ? await storeProofs(orderId, recordId, { photo, signature }) : {};
  const now = new Date().toISOString();
  const record: DeliveryRecordItem = {
    orderId,
    recordId,
    orderNum: header.orderNum,
    driverId: by.userId,
    ...(by.name ? { driverName: by.name } : {}),
    day: dayOf(body.at),
    outcome: body.outcome,
    ...(body.receiverName ? { receiverName: body.receiverName } : {}),
    ...(body.note ? { note: body.note } : {}),
    ...(body.reason ? { reason: body.reason } : {}),
    at: body.at,
    recordedAt: now,
    ...(body.position ? { position: body.position } : {}),
    ...(notDelivered ? { notDelivered } : {}),
    ...proofs,
  };
  const joined = (tx: Transaction) =>
    tx
      .put(RECORD, deliveryRecordEntity, record, { ifAbsent: true })
      .put(CLAIM, deliveryClaimEntity, { claimId: recordId, orderId, requestHash }, { ifAbsent: true });
  const explain = (failed: ReadonlySet<string>) =>
    failed.has(CLAIM) || failed.has(RECORD) ? new AlreadyRecorded() : undefined;
  try {
    if (isDelivery(body.outcome))
      await updateOrder(orderId, { orderStatus: 'DELIVERED', modifiedOn: body.modifiedOn }, by, {
        part: { add: joined, explain },
        stale: () => changedInOffice(header.orderNum),
        note: noteOf(record),
      });
    else {
      const tx = joined(transaction()).check('order', orderEntity, { orderId }, eq('version', header.version));
      logOrderNote(tx, { by, orderId, notes: noteOf(record), at: now });
      await tx.commit(
        (failed) => explain(failed) ?? (failed.has('order') ? changedInOffice(header.orderNum) : undefined),
      );
    }
  } catch (error) {
    // The same key sent twice at once: the request that lost the race answers what the other recorded.
    const replayed = idempotencyKey ? await replay(recordId, requestHash, by) : undefined;
    if (replayed) return replayed;
    if (error instanceof AlreadyRecorded)
      throw new ConflictError('This delivery action is being recorded by another request; try again');
    throw error;
  }
  return answer(record, by);
}

/** The record and the claim of a key already used: 422 for another body, else the first answer. */
async function replay(recordId: string, requestHash: string, by: Actor): Promise<CompleteStopResponse | undefined> {
  const claim = await get(deliveryClaimEntity, { claimId: recordId }, { consistent: true });
  if (!claim) return undefined;
  checkReplay(claim, requestHash, DELIVERY_KEY_REUSED);
  const record = await get(deliveryRecordEntity, { orderId: claim.orderId, recordId }, { consistent: true });
  if (!record) return undefined;
  logger.info('Delivery action replayed', { recordId, orderId: claim.orderId });
  return answer(record, by);
}

/** The lines of a PARTIAL not delivered, checked against the order's (400 with the shared rule's message). */
function notDeliveredLines(lines: readonly StoredLine[], asked: ReadonlyArray<{ lineId: string; quantity: number }>) {
  const problem = notDeliveredProblem(lines, asked);
  if (problem) throw new BadRequestError(problem);
  const byId = new Map(lines.map((l) => [l.id, l]));
  return asked.map((n) => {
    const line = byId.get(n.lineId)!;
    return { lineId: n.lineId, sku: line.sku, name: line.name, quantity: n.quantity };
  });
}

/** The change-log note of a record: what happened, by whom, to whom or why. */
const noteOf = (r: DeliveryRecordItem) =>
  [
    `Delivery: ${r.outcome.toLowerCase().replace('_', ' ')}`,
    r.driverName ? `by ${r.driverName}` : '',
    r.receiverName ? `received by ${r.receiverName}` : '',
    r.reason ?? '',
  ]
    .filter(Boolean)
    .join(', ');

/** The record and its stop as the driver's day shows it now. */
async function answer(record: DeliveryRecordItem, by: Actor): Promise<CompleteStopResponse> {
  const day = await driverDay(by.userId, record.day);
  const stop = day.stops.find((s) => s.orderId === record.orderId);
  if (!stop) throw new NotFoundError('Order not found');
  return { record: toDeliveryRecord(record), stop };
}
