import {
  type Collection,
  type CollectionStatus,
  type DeliveryBoard,
  type DriverDay,
  routeOrder,
  stopStateOf,
  toDollars,
} from '@bo/shared';
import { batchGet, get, query, queryAll } from '../core';
import { customerEntity } from '../customers/entity';
import { listLocations } from '../locations';
import { mapLimit } from '../map-limit';
import { type OrderHeaderItem, balanceDueOf, orderEntity } from '../orders/entity';
import { getWholeMany, openDeliveryHeaders } from '../orders/reads';
import { listUsers } from '../users';
import { type CollectionItem, collectionEntity, deliveryRecordEntity, routeOrderEntity } from './entity';
import { type StopSource, daySummary, lastRecordOf, toCollection, toStop } from './records';

/** Reads of a driver's day, the office's board and an order's deliveries: Get, BatchGet and Query only. */

/** An order's records, strongly consistent (its own partition). */
export const recordsOfOrder = (orderId: string) =>
  queryAll(deliveryRecordEntity, 'primary', { orderId }, { consistent: true });

/** The records of a day: every driver's, or one driver's. */
const recordsOfDay = (day: string, driverId?: string) =>
  queryAll(deliveryRecordEntity, 'byDay', { day }, driverId ? { sort: { begins: { driverId } } } : {});

/** The collections of a day: every driver's, or one driver's. */
const collectionsOfDay = (day: string, driverId?: string) =>
  queryAll(collectionEntity, 'byDay', { day }, driverId ? { sort: { begins: { driverId } } } : {});

/** An open delivery counts on a day when it is due that day or before, or has no date. */
const dueBy = (h: OrderHeaderItem, day: string) => !h.deliveryDate || h.deliveryDate <= day;

export const collectionsNewestFirst = (list: readonly CollectionItem[]) =>
  [...list].sort((a, b) => b.at.localeCompare(a.at));

/** A driver's stops of a day in route order: their open deliveries due by then and the orders they recorded. */
export async function driverDaySources(driverId: string, day: string): Promise<StopSource[]> {
  const [open, recorded, saved] = await Promise.all([
    openDeliveryHeaders(driverId),
    recordsOfDay(day, driverId),
    get(routeOrderEntity, { driverId, day }),
  ]);
  const ids = [
    ...new Set([...open.filter((h) => dueBy(h, day)).map((h) => h.orderId), ...recorded.map((r) => r.orderId)]),
  ];
  const recordedIds = new Set(recorded.map((r) => r.orderId));
  const wholes = (await getWholeMany(ids)).filter(
    ({ header }) => header.driverId === driverId || recordedIds.has(header.orderId),
  );
  const records = await mapLimit(wholes, 8, ({ header }) => recordsOfOrder(header.orderId));
  const sources = wholes.map((w, i) => ({
    ...w,
    records: records[i]!,
    orderId: w.header.orderId,
    orderNum: w.header.orderNum,
    deliveryDate: w.header.deliveryDate,
  }));
  return routeOrder(sources, saved?.orderIds);
}

/** GET deliveries/myDay: the stops in route order, the day's collections and the hand-in summary. */
export async function driverDay(driverId: string, day: string): Promise<DriverDay> {
  const [sources, collections, locations] = await Promise.all([
    driverDaySources(driverId, day),
    collectionsOfDay(day, driverId),
    listLocations(),
  ]);
  const customerIds = [...new Set(sources.map((s) => s.header.customerID))];
  const customers = new Map(
    (
      await batchGet(
        customerEntity,
        customerIds.map((customerId) => ({ customerId })),
      )
    ).map((c) => [c.customerId, c]),
  );
  const stops = sources.map((s, i) => toStop(s, i + 1, customers.get(s.header.customerID), locations));
  return {
    day,
    driverId,
    stops,
    collections: collectionsNewestFirst(collections).map(toCollection),
    summary: daySummary(
      collections,
      stops.map((s) => s.state),
    ),
  };
}

/**
 * GET deliveries/board: every driver with stops that day — open deliveries due by then (the open index, one
 * Query) and the orders recorded that day (one Query of the day) — in each driver's route order, with the
 * state of the day's records and what each driver collected that day.
 */
export async function deliveryBoard(day: string): Promise<DeliveryBoard> {
  const [open, records, collections, users] = await Promise.all([
    openDeliveryHeaders(),
    recordsOfDay(day),
    collectionsOfDay(day),
    listUsers(),
  ]);
  const headers = new Map(open.filter((h) => dueBy(h, day)).map((h) => [h.orderId, h]));
  const missing = [...new Set(records.map((r) => r.orderId))].filter((id) => !headers.has(id));
  for (const h of await batchGet(
    orderEntity,
    missing.map((orderId) => ({ orderId })),
  ))
    headers.set(h.orderId, h);

  const byDriver = new Map<string, Set<string>>();
  const add = (driverId: string, orderId: string) =>
    byDriver.set(driverId, (byDriver.get(driverId) ?? new Set()).add(orderId));
  for (const h of headers.values()) if (h.driverId && !missing.includes(h.orderId)) add(h.driverId, h.orderId);
  for (const r of records) if (headers.has(r.orderId)) add(r.driverId, r.orderId);

  const driverIds = [...byDriver.keys()];
  const saved = new Map(
    (
      await batchGet(
        routeOrderEntity,
        driverIds.map((driverId) => ({ driverId, day })),
      )
    ).map((r) => [r.driverId, r.orderIds]),
  );
  const names = new Map(users.map((u) => [u.id, u.name]));
  const drivers = driverIds.map((driverId) => {
    const stops = routeOrder(
      [...byDriver.get(driverId)!].map((id) => {
        const h = headers.get(id)!;
        return { orderId: id, orderNum: h.orderNum, deliveryDate: h.deliveryDate, header: h };
      }),
      saved.get(driverId),
    ).map(({ header: h }, i) => {
      const ofStop = records.filter((r) => r.orderId === h.orderId && r.driverId === driverId);
      const last = lastRecordOf(ofStop);
      return {
        orderId: h.orderId,
        orderNum: h.orderNum,
        customerName: h.customerName,
        position: i + 1,
        state: stopStateOf(ofStop),
        ...(last ? { at: last.at } : {}),
        ...(last?.reason ? { reason: last.reason } : {}),
        amountDue: toDollars(balanceDueOf(h)),
      };
    });
    const summary = daySummary(
      collections.filter((c) => c.driverId === driverId),
      stops.map((s) => s.state),
    );
    return {
      driverId,
      name: names.get(driverId) ?? driverId,
      stops,
      cash: summary.cash,
      checksTotal: summary.checksTotal,
      pendingCollections: summary.pending,
    };
  });
  return { day, drivers: drivers.sort((a, b) => a.name.localeCompare(b.name)) };
}

/** The most collections one list answers (newest first); a day narrows it. */
export const COLLECTION_LIST_LIMIT = 500;

/** GET deliveries/collections: by status (default PENDING), optionally of one day, newest first. */
export async function listCollections(status: CollectionStatus = 'PENDING', day?: string): Promise<Collection[]> {
  const { items } = await query(
    collectionEntity,
    'byStatus',
    { status },
    { order: 'desc', limit: COLLECTION_LIST_LIMIT, ...(day ? { sort: { begins: { day } } } : {}) },
  );
  return items.map(toCollection);
}

/** One collection, strongly consistent. */
export const getCollectionItem = (collectionId: string) =>
  get(collectionEntity, { collectionId }, { consistent: true });
