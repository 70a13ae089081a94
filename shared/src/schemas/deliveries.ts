import * as z from '../zod';
import { boundedText as text, pathId, wholeNumber } from './common';
import { calendarDay, wireDate } from './dates';
import { orderStatusSchema } from './orders';
import { paymentDollars } from './payment-dollars';

/**
 * A driver's day (issue 26): stops in route order, proof of delivery, delivery exceptions and money collected
 * at the door. Dollars on the wire; `rules/deliveries/` computes in cents.
 */

export const DELIVERY_OUTCOMES = ['DELIVERED', 'PARTIAL', 'NOBODY_THERE', 'REFUSED'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
/** A stop's state on the driver's list and the board: not yet visited, or the last outcome recorded. */
export const STOP_STATES = ['TODO', ...DELIVERY_OUTCOMES] as const;
export type StopState = (typeof STOP_STATES)[number];

export const COLLECTION_METHODS = ['CASH', 'CHECK'] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];
export const COLLECTION_STATUSES = ['PENDING', 'CONFIRMED', 'REJECTED'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

/** Proof images: raster only (ARCHITECTURE.md, Files); what a phone's camera or a signature canvas makes. */
export const PROOF_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProofImageType = (typeof PROOF_IMAGE_TYPES)[number];
/** The most one proof image may hold once decoded: the phone scales a photo down before it queues it. */
export const PROOF_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Base64 of PROOF_IMAGE_MAX_BYTES (4 characters per 3 bytes), rounded up. */
const PROOF_BASE64_MAX = Math.ceil(PROOF_IMAGE_MAX_BYTES / 3) * 4;
/** The most stops one driver's day may hold (its route order is one item). */
export const MAX_STOPS_PER_DAY = 200;

export const DELIVERY_MESSAGES = {
  proofRequired: 'A delivery needs proof: a photo or a signature',
  receiverRequired: "Enter the receiver's name",
  reasonRequired: 'Say why the delivery did not happen as planned',
  partialLines: 'Choose the lines and quantities that were not delivered',
  notAnImage: 'Proof must be a JPEG, PNG or WebP image',
  imageTooLarge: 'A proof image may be at most 2 MB',
  notYourStop: 'This stop is not one of your deliveries',
  checkNumberRequired: 'Enter the check number',
  amountRequired: 'Enter the amount collected',
  routeOrder: 'The route order must list each of your stops of the day once',
} as const;

const withoutDataPrefix = (s: string) => s.replace(/^data:[^,]*,/, '').trim();
/**
 * How the base64 of a JPEG, PNG or WebP file begins (their signatures' first bytes). A first look only, so text
 * of any length is refused at once; the bytes' own check (`proofImageProblem`) follows on the server.
 */
const RASTER_BASE64 = /^(\/9j\/|iVBORw0KGgo|UklGR)[A-Za-z0-9+/]*={0,2}$/;

/** One proof image as the phone sends it: its type and its bytes in base64 (a `data:` URL's prefix is dropped). */
export const proofImageInput = z.object({
  contentType: z.enum(PROOF_IMAGE_TYPES, { error: DELIVERY_MESSAGES.notAnImage }),
  data: z.pipe(
    z.string({ error: DELIVERY_MESSAGES.notAnImage }).check(
      z.maxLength(PROOF_BASE64_MAX + 64, DELIVERY_MESSAGES.imageTooLarge),
      z.refine((s) => RASTER_BASE64.test(withoutDataPrefix(s)), DELIVERY_MESSAGES.notAnImage),
    ),
    z.transform(withoutDataPrefix),
  ),
});
export type ProofImageInput = z.infer<typeof proofImageInput>;

/** Where the phone was, when it allows it. */
/**
 * A reading as the phone's geolocation gives it (a double with any number of decimals, so not `decimal`),
 * but never closer to 0 than 1e-7 unless it is 0: the values DynamoDB can store (request-bounds.test.ts).
 */
const reading = (label: string, min: number, max: number) =>
  z.number({ error: `${label} must be a number` }).check(
    z.gte(min, `${label} must be at least ${min}`),
    z.lte(max, `${label} must be at most ${max}`),
    z.refine((v) => v === 0 || Math.abs(v) >= 1e-7, `${label} is too small`),
  );

export const positionInput = z.object({
  latitude: reading('Latitude', -90, 90),
  longitude: reading('Longitude', -180, 180),
  accuracy: z.optional(reading('Accuracy', 0, 1_000_000)),
});

export const notDeliveredLineInput = z.object({
  /** The order line's id (an order item's `id`). */
  lineId: text(128, 'Each line not delivered names its line'),
  quantity: wholeNumber(1, 1_000_000, { min: 'Quantity must be at least 1' }),
});

/**
 * POST /db/deliveries/complete/{orderId}: what happened at a stop. DELIVERED and PARTIAL need proof (a photo
 * and/or a signature) and the receiver's name, and make the order DELIVERED; PARTIAL names the lines and
 * quantities not delivered (back to stock through a return). NOBODY_THERE and REFUSED need a reason and leave
 * the order as it is for the office to act on. `modifiedOn` is the order's as the driver loaded it: an order
 * changed or cancelled since is refused (409) with the reason. `at` is when it happened on the phone (it may be
 * sent later, from the queue). An `Idempotency-Key` header makes a replay answer the first result.
 */
export const completeStopBody = z
  .object({
    outcome: z.enum(DELIVERY_OUTCOMES, { error: `Outcome must be one of ${DELIVERY_OUTCOMES.join(', ')}` }),
    receiverName: z.optional(text(200)),
    note: z.optional(text(2000)),
    reason: z.optional(text(1000)),
    photo: z.optional(proofImageInput),
    signature: z.optional(proofImageInput),
    at: wireDate('at', 'instant', { required: 'Say when it happened (at)' }),
    position: z.optional(positionInput),
    notDelivered: z.optional(z.array(notDeliveredLineInput).check(z.maxLength(500, 'At most 500 lines'))),
    modifiedOn: wireDate('modifiedOn', 'instant', { required: 'Send the order as you loaded it (modifiedOn)' }),
  })
  .check(
    z.refine((b) => !isDelivery(b.outcome) || b.photo !== undefined || b.signature !== undefined, {
      message: DELIVERY_MESSAGES.proofRequired,
      path: ['photo'],
    }),
    z.refine((b) => !isDelivery(b.outcome) || Boolean(b.receiverName), {
      message: DELIVERY_MESSAGES.receiverRequired,
      path: ['receiverName'],
    }),
    z.refine((b) => (isDelivery(b.outcome) && b.outcome !== 'PARTIAL' ? true : Boolean(b.reason)), {
      message: DELIVERY_MESSAGES.reasonRequired,
      path: ['reason'],
    }),
    z.refine((b) => b.outcome !== 'PARTIAL' || (b.notDelivered?.length ?? 0) > 0, {
      message: DELIVERY_MESSAGES.partialLines,
      path: ['notDelivered'],
    }),
  );
export type CompleteStopBody = z.infer<typeof completeStopBody>;

/** Outcomes where the goods were handed over (the order becomes DELIVERED). */
export function isDelivery(outcome: DeliveryOutcome): boolean {
  return outcome === 'DELIVERED' || outcome === 'PARTIAL';
}

/** PUT /db/deliveries/setRouteOrder: the driver's stops of a day in the order they will drive them. */
export const setRouteOrderBody = z.object({
  day: calendarDay('day', { required: 'Choose the day' }),
  orderIds: z.array(pathId('Order id')).check(
    z.maxLength(MAX_STOPS_PER_DAY, `At most ${MAX_STOPS_PER_DAY} stops`),
    z.refine((ids) => new Set(ids).size === ids.length, DELIVERY_MESSAGES.routeOrder),
  ),
});
export type SetRouteOrderBody = z.infer<typeof setRouteOrderBody>;

/**
 * POST /db/deliveries/collect/{orderId}: cash or a check taken at the door for that order. Pending until a
 * SALES or ADMIN user confirms it; never more than the order's balance less what is already pending on it.
 */
export const collectBody = z
  .object({
    method: z.enum(COLLECTION_METHODS, { error: `Method must be one of ${COLLECTION_METHODS.join(', ')}` }),
    amount: paymentDollars,
    checkNumber: z.optional(text(64)),
    note: z.optional(text(1000)),
    at: wireDate('at', 'instant', { required: 'Say when it was collected (at)' }),
  })
  .check(
    z.refine((b) => b.amount > 0, { message: DELIVERY_MESSAGES.amountRequired, path: ['amount'] }),
    z.refine((b) => b.method !== 'CHECK' || Boolean(b.checkNumber), {
      message: DELIVERY_MESSAGES.checkNumberRequired,
      path: ['checkNumber'],
    }),
  );
export type CollectBody = z.infer<typeof collectBody>;

/** POST /db/deliveries/rejectCollection/{id}: why the office did not take it as a payment. */
export const rejectCollectionBody = z.object({ reason: text(1000, 'Say why the collection is rejected') });

export const dayQuery = z.object({ day: z.optional(calendarDay('day')) });
export const boardQuery = dayQuery;
export const collectionsQuery = z.object({
  status: z.optional(z.enum(COLLECTION_STATUSES, { error: `Status must be one of ${COLLECTION_STATUSES.join(', ')}` })),
  day: z.optional(calendarDay('day')),
});
export const deliveryOrderParam = z.object({ orderId: pathId('Order id') });
export const collectionIdParam = z.object({ id: pathId('Collection id') });

/* ---------- Responses ---------- */

/** What was recorded at a stop; proof images as short-lived links (GET deliveries/getByOrder) or their keys. */
export const deliveryRecordSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNum: z.string(),
  driverId: z.string(),
  driverName: z.optional(z.string()),
  outcome: z.enum(DELIVERY_OUTCOMES),
  receiverName: z.optional(z.string()),
  note: z.optional(z.string()),
  reason: z.optional(z.string()),
  /** When it happened on the phone, and when the server recorded it. */
  at: z.string(),
  recordedAt: z.string(),
  position: z.optional(positionInput),
  notDelivered: z.optional(
    z.array(z.object({ lineId: z.string(), sku: z.string(), name: z.string(), quantity: z.number() })),
  ),
  /** The return that took the goods not delivered back into stock (PARTIAL). */
  returnId: z.optional(z.string()),
  hasPhoto: z.boolean(),
  hasSignature: z.boolean(),
  photoUrl: z.optional(z.string()),
  signatureUrl: z.optional(z.string()),
});
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;

export const collectionSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNum: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  driverId: z.string(),
  driverName: z.optional(z.string()),
  /** The driver's day (YYYY-MM-DD) it counts in. */
  day: z.string(),
  method: z.enum(COLLECTION_METHODS),
  amount: z.number(),
  checkNumber: z.optional(z.string()),
  note: z.optional(z.string()),
  at: z.string(),
  /** The order's balance due when it was collected: confirming is refused if the balance has changed since. */
  balanceAtCollection: z.number(),
  status: z.enum(COLLECTION_STATUSES),
  paymentId: z.optional(z.string()),
  decidedBy: z.optional(z.string()),
  decidedAt: z.optional(z.string()),
  rejectReason: z.optional(z.string()),
});
export type Collection = z.infer<typeof collectionSchema>;

export const stopLineSchema = z.object({
  lineId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number(),
});

export const stopSchema = z.object({
  orderId: z.string(),
  orderNum: z.string(),
  orderStatus: orderStatusSchema,
  /** Send it back with an action: the server refuses the action if the order changed since. */
  modifiedOn: z.string(),
  deliveryDate: z.optional(z.string()),
  /** 1-based place in the driver's route. */
  position: z.number(),
  customer: z.object({
    customerId: z.string(),
    customerName: z.string(),
    address: z.optional(z.string()),
    contactName: z.optional(z.string()),
    contactPhone: z.optional(z.string()),
  }),
  packingLocation: z.nullable(z.object({ id: z.string(), name: z.string() })),
  units: z.number(),
  lines: z.array(stopLineSchema),
  amountDue: z.number(),
  notes: z.optional(z.string()),
  state: z.enum(STOP_STATES),
  /** The last record at this stop, when there is one. */
  last: z.optional(deliveryRecordSchema),
});
export type Stop = z.infer<typeof stopSchema>;

export const daySummarySchema = z.object({
  cash: z.number(),
  checks: z.array(
    z.object({ orderNum: z.string(), customerName: z.string(), checkNumber: z.string(), amount: z.number() }),
  ),
  checksTotal: z.number(),
  /** Collections of the day not yet confirmed by the office. */
  pending: z.number(),
  delivered: z.number(),
  exceptions: z.number(),
  remaining: z.number(),
});
export type DaySummary = z.infer<typeof daySummarySchema>;

/** GET /db/deliveries/myDay: the caller's stops of the day in route order, what they collected, the summary. */
export const driverDaySchema = z.object({
  day: z.string(),
  driverId: z.string(),
  stops: z.array(stopSchema),
  collections: z.array(collectionSchema),
  summary: daySummarySchema,
});
export type DriverDay = z.infer<typeof driverDaySchema>;

export const completeStopResponse = z.object({ record: deliveryRecordSchema, stop: stopSchema });
export type CompleteStopResponse = z.infer<typeof completeStopResponse>;

export const routeOrderSchema = z.object({ day: z.string(), orderIds: z.array(z.string()) });

/** GET /db/deliveries/board: every driver's stops of the day and their state (the office's view). */
export const deliveryBoardSchema = z.object({
  day: z.string(),
  drivers: z.array(
    z.object({
      driverId: z.string(),
      name: z.string(),
      stops: z.array(
        z.object({
          orderId: z.string(),
          orderNum: z.string(),
          customerName: z.string(),
          position: z.number(),
          state: z.enum(STOP_STATES),
          at: z.optional(z.string()),
          reason: z.optional(z.string()),
          amountDue: z.number(),
        }),
      ),
      cash: z.number(),
      checksTotal: z.number(),
      pendingCollections: z.number(),
    }),
  ),
});
export type DeliveryBoard = z.infer<typeof deliveryBoardSchema>;

/** GET /db/deliveries/getByOrder/{orderId}: an order's delivery records (proof as 60 s links) and collections. */
export const orderDeliveriesSchema = z.object({
  records: z.array(deliveryRecordSchema),
  collections: z.array(collectionSchema),
});
export type OrderDeliveries = z.infer<typeof orderDeliveriesSchema>;
