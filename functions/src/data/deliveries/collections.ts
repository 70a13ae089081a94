import { randomUUID } from 'node:crypto';
import {
  type CollectBody,
  type Collection,
  collectProblem,
  confirmProblem,
  formatUsd,
  toCents,
  toDollars,
} from '@bo/shared';
import { type Actor, BadRequestError, ConflictError, NotFoundError } from '../../domain';
import { RaceLost, type Transaction, eq, get, lte, notExists, or, retryLostRaces, transaction } from '../core';
import { balanceDueOf, orderEntity } from '../orders/entity';
import { checkReplay, idempotentOrderId, requestHashOf } from '../orders/idempotency';
import { recordPayment } from '../payments/writes';
import { cancelledInOffice, isStopOf, notYourStop } from './stops';
import { type CollectionItem, collectionEntity, pendingCollectedEntity } from './entity';
import { logOrderNote } from './order-log';
import { getCollectionItem } from './reads';
import { dayOf, toCollection } from './records';

/**
 * Money a driver collects at the door (issue 26), pending until SALES or ADMIN decides. Each write is one
 * transaction: the collection (put whole, conditioned on what was read) and the order's pending counter
 * (`pendingCollectedEntity`), whose condition keeps every pending collection of an order together within the
 * order's balance; confirming joins the payment's own transaction (payments/writes.ts), so the money becomes a
 * payment exactly once.
 */

export const COLLECTION_KEY_REUSED =
  'This Idempotency-Key was already used for a different collection; send a new key for a new collection';
const COLLECTION_RACE_LOST = 'Other collections of this order were saving at the same time; try again';

const COLLECTION = 'collection';
const PENDING = 'pending collected';

class AlreadyRecorded extends Error {}

const collectionNotFound = () => new NotFoundError('Collection not found');

/** The order's pending counter moved by `cents` (negative: a decision took the collection off it). */
const movePending = (tx: Transaction, orderId: string, cents: number, within?: number) =>
  tx.update(
    PENDING,
    pendingCollectedEntity,
    { orderId },
    { add: { pendingCents: cents } },
    {
      mustExist: false,
      ...(within === undefined
        ? {}
        : { condition: or(notExists('pendingCents'), lte('pendingCents', within - cents)) }),
    },
  );

/** One try of a collect: read the order and its pending counter, check, write. */
async function collectAttempt(
  orderId: string,
  body: CollectBody,
  collectionId: string,
  requestHash: string,
  by: Actor,
): Promise<CollectionItem> {
  const [order, pending] = await Promise.all([
    get(orderEntity, { orderId }, { consistent: true }),
    get(pendingCollectedEntity, { orderId }, { consistent: true }),
  ]);
  if (!order) throw new NotFoundError('Order not found');
  if (!isStopOf(order, by.userId)) throw notYourStop();
  if (order.orderStatus === 'CANCELLED') throw cancelledInOffice(order.orderNum);
  if (order.orderStatus === 'DRAFT' || order.orderStatus === 'REFUNDED')
    throw new ConflictError(`Order ${order.orderNum} is ${order.orderStatus.toLowerCase()}; it can't take a payment`);
  const amountCents = toCents(body.amount);
  const balance = balanceDueOf(order);
  const problem = collectProblem(amountCents, balance, pending?.pendingCents ?? 0);
  if (problem) throw new BadRequestError(problem);
  const item: CollectionItem = {
    collectionId,
    orderId,
    orderNum: order.orderNum,
    customerId: order.customerID,
    customerName: order.customerName,
    driverId: by.userId,
    ...(by.name ? { driverName: by.name } : {}),
    day: dayOf(body.at),
    method: body.method,
    amountCents,
    ...(body.checkNumber ? { checkNumber: body.checkNumber } : {}),
    ...(body.note ? { note: body.note } : {}),
    at: body.at,
    balanceAtCollectionCents: balance,
    status: 'PENDING',
    requestHash,
  };
  const tx = transaction()
    .put(COLLECTION, collectionEntity, item, { ifAbsent: true })
    .check('order', orderEntity, { orderId }, eq('version', order.version));
  movePending(tx, orderId, amountCents, balance);
  logOrderNote(tx, {
    by,
    orderId,
    notes: `Collected ${formatUsd(amountCents)} ${describe(item)} at the door, pending confirmation`,
  });
  await tx.commit((failed) => {
    if (failed.has(COLLECTION)) return new AlreadyRecorded();
    if (failed.has(PENDING) || failed.has('order')) return new RaceLost();
    return undefined;
  });
  return item;
}

const describe = (c: Pick<CollectionItem, 'method' | 'checkNumber'>) =>
  c.method === 'CHECK' ? `by check #${c.checkNumber ?? ''}` : 'in cash';

/** POST deliveries/collect/{orderId}. With an Idempotency-Key (per caller), a retry answers the first collection. */
export async function collect(orderId: string, body: CollectBody, by: Actor, idempotencyKey?: string) {
  const collectionId = idempotencyKey ? idempotentOrderId(idempotencyKey, `collection\n${by.userId}`) : randomUUID();
  const requestHash = requestHashOf({ orderId, ...body });
  const replay = async () => {
    const first = await getCollectionItem(collectionId);
    if (!first) return undefined;
    checkReplay(first, requestHash, COLLECTION_KEY_REUSED);
    return toCollection(first);
  };
  const first = idempotencyKey ? await replay() : undefined;
  if (first) return first;
  try {
    return toCollection(
      await retryLostRaces((_n) => collectAttempt(orderId, body, collectionId, requestHash, by), {
        attempts: 12,
        exhausted: () => new ConflictError(COLLECTION_RACE_LOST),
        baseMs: 15,
        maxMs: 300,
      }),
    );
  } catch (error) {
    // The same key sent twice at once: the request that lost the race answers what the other recorded.
    const replayed = idempotencyKey ? await replay() : undefined;
    if (replayed) return replayed;
    throw error instanceof AlreadyRecorded ? new ConflictError(COLLECTION_RACE_LOST) : error;
  }
}

/** The collection as decided: put whole (its status is an index key) only if it is still PENDING. */
function decide(tx: Transaction, before: CollectionItem, after: CollectionItem, by: Actor, notes: string) {
  tx.put(COLLECTION, collectionEntity, after, { condition: eq('status', 'PENDING') });
  movePending(tx, before.orderId, -before.amountCents);
  return logOrderNote(tx, {
    by,
    orderId: before.orderId,
    notes,
    ...(after.decidedAt ? { at: after.decidedAt } : {}),
    name: 'collection log',
  });
}

const decidedAlready = async (collectionId: string) => {
  const now = await getCollectionItem(collectionId);
  return new ConflictError(`This collection was ${(now?.status ?? 'decided').toLowerCase()} already`);
};

/**
 * POST deliveries/confirmCollection/{id}: a payment of the collected amount for the order's customer applied
 * to that order, paid on the collection's day, in the payment's transaction with the collection's change to
 * CONFIRMED (only from PENDING) and the pending counter's decrement: confirming twice makes one payment.
 */
export async function confirmCollection(collectionId: string, by: Actor): Promise<Collection> {
  const before = await getCollectionItem(collectionId);
  if (!before) throw collectionNotFound();
  const order = await get(orderEntity, { orderId: before.orderId }, { consistent: true });
  if (!order) throw new NotFoundError('Order not found');
  const problem = confirmProblem(
    {
      status: before.status,
      balanceAtCollectionCents: before.balanceAtCollectionCents,
      amountCents: before.amountCents,
    },
    balanceDueOf(order),
  );
  if (problem) throw new ConflictError(problem);
  const decidedAt = new Date().toISOString();
  let after: CollectionItem | undefined;
  const decidedBy = by.name ?? by.userId;
  await recordPayment(
    before.customerId,
    {
      amount: toDollars(before.amountCents),
      paymentDate: before.day,
      paymentMethod: before.method,
      appliedPayments: [{ orderId: before.orderId, amount: toDollars(before.amountCents) }],
      customerCreditDeducted: 0,
      notes: `Collected by ${before.driverName ?? before.driverId}${before.checkNumber ? ` (check #${before.checkNumber})` : ''}`,
    },
    by,
    {
      part: {
        add: (tx, payment) => {
          after = { ...before, status: 'CONFIRMED', paymentId: payment.paymentId, decidedBy, decidedAt };
          decide(tx, before, after, by, `Collection of ${formatUsd(before.amountCents)} confirmed as a payment`);
        },
        explain: (failed) => (failed.has(COLLECTION) ? new CollectionDecided() : undefined),
      },
    },
  ).catch(async (error: unknown) => {
    throw error instanceof CollectionDecided ? await decidedAlready(collectionId) : error;
  });
  return toCollection(after!);
}

class CollectionDecided extends Error {}

/** POST deliveries/rejectCollection/{id}: PENDING → REJECTED with the reason; the pending counter drops. */
export async function rejectCollection(collectionId: string, reason: string, by: Actor): Promise<Collection> {
  const before = await getCollectionItem(collectionId);
  if (!before) throw collectionNotFound();
  if (before.status !== 'PENDING')
    throw new ConflictError(`This collection was ${before.status.toLowerCase()} already`);
  const after: CollectionItem = {
    ...before,
    status: 'REJECTED',
    rejectReason: reason,
    decidedBy: by.name ?? by.userId,
    decidedAt: new Date().toISOString(),
  };
  const tx = decide(
    transaction(),
    before,
    after,
    by,
    `Collection of ${formatUsd(before.amountCents)} rejected: ${reason}`,
  );
  await tx
    .commit((failed) => (failed.has(COLLECTION) ? new CollectionDecided() : undefined))
    .catch(async (error) => {
      throw error instanceof CollectionDecided ? await decidedAlready(collectionId) : error;
    });
  return toCollection(after);
}
