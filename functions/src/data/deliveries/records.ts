import {
  type Collection,
  type DeliveryRecord,
  type Location,
  type Stop,
  type SummaryCollection,
  daySummaryInDollars,
  stopStateOf,
  toDollars,
} from '@bo/shared';
import type { CustomerItem } from '../customers';
import { type OrderHeaderItem, type StoredLine, balanceDueOf } from '../orders/entity';
import type { CollectionItem, DeliveryRecordItem } from './entity';

/** Stored delivery items and what the API answers: cents become dollars, proof keys become flags (or links). */

/** The UTC calendar day of an instant: a driver's day (see entity.ts). */
export const dayOf = (instant: string): string => new Date(instant).toISOString().slice(0, 10);
export const today = (): string => new Date().toISOString().slice(0, 10);

export const toDeliveryRecord = (
  r: DeliveryRecordItem,
  urls: { photoUrl?: string; signatureUrl?: string } = {},
): DeliveryRecord => ({
  id: r.recordId,
  orderId: r.orderId,
  orderNum: r.orderNum,
  driverId: r.driverId,
  ...(r.driverName ? { driverName: r.driverName } : {}),
  outcome: r.outcome,
  ...(r.receiverName ? { receiverName: r.receiverName } : {}),
  ...(r.note ? { note: r.note } : {}),
  ...(r.reason ? { reason: r.reason } : {}),
  at: r.at,
  recordedAt: r.recordedAt,
  ...(r.position ? { position: r.position } : {}),
  ...(r.notDelivered ? { notDelivered: r.notDelivered } : {}),
  ...(r.returnId ? { returnId: r.returnId } : {}),
  hasPhoto: Boolean(r.photoKey),
  hasSignature: Boolean(r.signatureKey),
  ...urls,
});

export const toCollection = ({
  collectionId,
  amountCents,
  balanceAtCollectionCents,
  requestHash: _h,
  ...c
}: CollectionItem): Collection => ({
  ...c,
  id: collectionId,
  amount: toDollars(amountCents),
  balanceAtCollection: toDollars(balanceAtCollectionCents),
});

/** The latest record of an order (by when it happened), or undefined. */
export const lastRecordOf = (records: readonly DeliveryRecordItem[]): DeliveryRecordItem | undefined =>
  records.reduce<DeliveryRecordItem | undefined>((last, r) => (!last || r.at >= last.at ? r : last), undefined);

export interface StopSource {
  header: OrderHeaderItem;
  lines: readonly StoredLine[];
  records: readonly DeliveryRecordItem[];
}

/** A stop as the driver's list shows it, at its 1-based `position` in the route. */
export function toStop(
  { header: h, lines, records }: StopSource,
  position: number,
  customer: CustomerItem | undefined,
  locations: readonly Location[],
): Stop {
  const location = locations.find((l) => l.id === h.packingLocationId);
  const last = lastRecordOf(records);
  return {
    orderId: h.orderId,
    orderNum: h.orderNum,
    orderStatus: h.orderStatus,
    modifiedOn: h.modifiedOn,
    ...(h.deliveryDate ? { deliveryDate: h.deliveryDate } : {}),
    position,
    customer: {
      customerId: h.customerID,
      customerName: customer?.customerName ?? h.customerName,
      ...(customer?.address ? { address: customer.address } : {}),
      ...(customer?.contactName ? { contactName: customer.contactName } : {}),
      ...(customer?.contactPhone ? { contactPhone: customer.contactPhone } : {}),
    },
    packingLocation: location ? { id: location.id, name: location.name } : null,
    units: h.unitQuantity,
    lines: lines.map((l) => ({ lineId: l.id, sku: l.sku, name: l.name, quantity: l.quantity })),
    amountDue: toDollars(balanceDueOf(h)),
    ...(h.notes ? { notes: h.notes } : {}),
    state: stopStateOf(records),
    ...(last ? { last: toDeliveryRecord(last) } : {}),
  };
}

const forSummary = (c: CollectionItem): SummaryCollection => ({
  method: c.method,
  amountCents: c.amountCents,
  status: c.status,
  orderNum: c.orderNum,
  customerName: c.customerName,
  checkNumber: c.checkNumber,
});

/** The day-end hand-in (shared `daySummaryInDollars`) of stored collections. */
export const daySummary = (collections: readonly CollectionItem[], states: Parameters<typeof daySummaryInDollars>[1]) =>
  daySummaryInDollars(collections.map(forSummary), states);
