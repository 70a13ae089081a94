import type { CollectionMethod, CollectionStatus, DeliveryOutcome } from '@bo/shared';
import { defineEntity } from '../core';

/**
 * A driver's day (issue 26): what happened at each stop, money collected at the door, the route order, and
 * the items that keep collections and replays honest. Money in integer cents. A driver's day is the UTC
 * calendar day of the instant the phone recorded (`at`), the same day the API's `day` parameters name.
 */

/** What the driver recorded at a stop. Proof images are objects of the documents bucket (keys kept here). */
export interface DeliveryRecordItem {
  orderId: string;
  /** From the caller and the Idempotency-Key when one was sent (a replay finds it), else random. */
  recordId: string;
  orderNum: string;
  driverId: string;
  driverName?: string;
  /** UTC day of `at`. */
  day: string;
  outcome: DeliveryOutcome;
  receiverName?: string;
  note?: string;
  reason?: string;
  at: string;
  recordedAt: string;
  position?: { latitude: number; longitude: number; accuracy?: number };
  notDelivered?: Array<{ lineId: string; sku: string; name: string; quantity: number }>;
  /** The return that took back what was not delivered (PARTIAL); set once that return is made. */
  returnId?: string;
  photoKey?: string;
  signatureKey?: string;
}

/**
 * Access patterns:
 * - primary: an order's records — pk orderId (the order's partition, outside its `orderWhole` collection, so
 *   reading an order never reads them), sk recordId: the order page and a stop's state, strongly consistent.
 * - byDay (gsi1): every driver's records of a day — pk day, sk driverId, at, recordId: the board (whole
 *   partition) and one driver's day (begins_with driverId).
 */
export const deliveryRecordEntity = defineEntity<DeliveryRecordItem>()({
  entity: 'deliveryRecord',
  version: '1',
  primary: { pk: ['orderId'], sk: ['recordId'] },
  indexes: {
    byDay: { index: 'gsi1', pk: ['day'], sk: ['driverId', 'at', 'recordId'] },
  },
});

/**
 * The claim of an Idempotency-Key for a stop's record (per caller): which order it was used on and the hash of
 * that request, so the key sent again for another order or body is a 422 and a replay finds its record.
 * Access pattern: primary — pk claimId (the record's id), Get.
 */
export interface DeliveryClaimItem {
  claimId: string;
  orderId: string;
  requestHash: string;
}
export const deliveryClaimEntity = defineEntity<DeliveryClaimItem>()({
  entity: 'deliveryClaim',
  version: '1',
  primary: { pk: ['claimId'], sk: [] },
});

/** Cash or a check a driver took at the door for an order; a payment only once the office confirms it. */
export interface CollectionItem {
  collectionId: string;
  orderId: string;
  orderNum: string;
  customerId: string;
  customerName: string;
  driverId: string;
  driverName?: string;
  /** UTC day of `at`. */
  day: string;
  method: CollectionMethod;
  amountCents: number;
  checkNumber?: string;
  note?: string;
  at: string;
  balanceAtCollectionCents: number;
  status: CollectionStatus;
  paymentId?: string;
  decidedBy?: string;
  decidedAt?: string;
  rejectReason?: string;
  requestHash?: string;
}

/**
 * Access patterns (a collection is always put whole: its status is part of an index key):
 * - primary: one collection (Get) — pk collectionId.
 * - byStatus (gsi1): collections of a status, by day and time — pk status, sk day, at, collectionId: the
 *   office's pending list, newest first, optionally of one day (begins_with day).
 * - byDay (gsi2): every driver's collections of a day — pk day, sk driverId, at, collectionId: the board and a
 *   driver's day-end summary (begins_with driverId).
 * - byOrder (gsi3): an order's collections — pk orderId, sk at, collectionId.
 */
export const collectionEntity = defineEntity<CollectionItem>()({
  entity: 'cashCollection',
  version: '1',
  primary: { pk: ['collectionId'], sk: [] },
  indexes: {
    byStatus: { index: 'gsi1', pk: ['status'], sk: ['day', 'at', 'collectionId'] },
    byDay: { index: 'gsi2', pk: ['day'], sk: ['driverId', 'at', 'collectionId'] },
    byOrder: { index: 'gsi3', pk: ['orderId'], sk: ['at', 'collectionId'] },
  },
});

/**
 * What is collected on an order and waiting for the office, in cents: raised by a collect only while it stays
 * within the order's balance (a condition), lowered when the office confirms or rejects. Concurrent collects
 * meet on this one item, so together they never pass the balance.
 * Access pattern: primary — pk orderId (the order's partition, no collection), Get.
 */
export interface PendingCollectedItem {
  orderId: string;
  pendingCents: number;
}
export const pendingCollectedEntity = defineEntity<PendingCollectedItem>()({
  entity: 'pendingCollected',
  version: '1',
  primary: { pk: ['orderId'], sk: [] },
});

/**
 * The order a driver drives a day's stops in (one item per driver and day).
 * Access pattern: primary — pk driverId, sk day: Get (the driver's day), BatchGet (the board's drivers).
 */
export interface RouteOrderItem {
  driverId: string;
  day: string;
  orderIds: string[];
  modifiedOn: string;
}
export const routeOrderEntity = defineEntity<RouteOrderItem>()({
  entity: 'routeOrder',
  version: '1',
  primary: { pk: ['driverId'], sk: ['day'] },
});
