import {
  daySummaryInDollars,
  isDelivery,
  routeOrder,
  toCents,
  type Collection,
  type DeliveryRecord,
  type DriverDay,
  type Stop,
} from '@bo/shared';
import type { CollectInput, CompleteStopInput, QueueEntry } from './types';

/**
 * The day as the driver sees it: the last day the server sent (or the phone stored), with the actions still on
 * the queue laid over it, oldest first. Pure. Only `waiting` and `sending` entries count: the server refused
 * the others, so they changed nothing. Which stops carry an action not yet sent is `pendingStops(entries)`.
 */
export function applyQueued(day: DriverDay, entries: readonly QueueEntry[]): DriverDay {
  const live = entries.filter(isLive);
  if (live.length === 0) return day;
  let stops = day.stops;
  let collections = day.collections;
  for (const entry of live) {
    const { action } = entry;
    if (action.kind === 'complete') {
      stops = stops.map((s) => (s.orderId === action.orderId ? completedStop(s, action.body, entry, day.driverId) : s));
    } else if (action.kind === 'collect') {
      // The server's record of this very collection (same order, same moment) may already be in the day.
      const known = collections.some((c) => c.orderId === action.orderId && c.at === action.body.at);
      const stop = stops.find((s) => s.orderId === action.orderId);
      if (!known) collections = [...collections, queuedCollection(day, stop, action, entry)];
    } else if (action.body.day === day.day) {
      stops = routeOrder(stops, action.body.orderIds).map((s, i) =>
        s.position === i + 1 ? s : { ...s, position: i + 1 },
      );
    }
  }
  return { ...day, stops, collections, summary: summaryOf(stops, collections) };
}

/** The stops with an action on the queue not yet sent (to mark them "waiting to send"). */
export function pendingStops(entries: readonly QueueEntry[]): Set<string> {
  const ids = new Set<string>();
  for (const e of entries) if (isLive(e) && e.action.kind !== 'routeOrder') ids.add(e.action.orderId);
  return ids;
}

/** Whether the route order itself has a change not yet sent. */
export const routeOrderPending = (entries: readonly QueueEntry[]): boolean =>
  entries.some((e) => isLive(e) && e.action.kind === 'routeOrder');

export const isLive = (e: QueueEntry): boolean => e.state === 'waiting' || e.state === 'sending';

/**
 * The stored day after the server took one action: its answer written in, so the screen does not flick back
 * to the state before the action while the day is asked again.
 */
export function applySent(day: DriverDay, entry: QueueEntry, answer: unknown): DriverDay {
  const { action } = entry;
  let { stops, collections } = day;
  if (action.kind === 'complete') {
    const stop = (answer as { stop?: Stop } | undefined)?.stop;
    if (!stop) return day;
    stops = stops.map((s) => (s.orderId === stop.orderId ? { ...stop, position: s.position } : s));
  } else if (action.kind === 'collect') {
    const collection = answer as Collection | undefined;
    if (!collection?.id) return day;
    collections = [...collections.filter((c) => c.id !== collection.id), collection];
  } else {
    if (action.body.day !== day.day) return day;
    stops = routeOrder(stops, action.body.orderIds).map((s, i) => ({ ...s, position: i + 1 }));
  }
  return { ...day, stops, collections, summary: summaryOf(stops, collections) };
}

function completedStop(stop: Stop, body: CompleteStopInput, entry: QueueEntry, driverId: string): Stop {
  const at = typeof body.at === 'string' ? body.at : entry.createdAt;
  const names = new Map(stop.lines.map((l) => [l.lineId, l]));
  const last: DeliveryRecord = {
    id: entry.id,
    orderId: stop.orderId,
    orderNum: stop.orderNum,
    driverId,
    outcome: body.outcome,
    ...(body.receiverName ? { receiverName: body.receiverName.trim() } : {}),
    ...(body.note ? { note: body.note.trim() } : {}),
    ...(body.reason ? { reason: body.reason.trim() } : {}),
    at,
    recordedAt: entry.createdAt,
    ...(body.position ? { position: body.position } : {}),
    ...(body.notDelivered
      ? {
          notDelivered: body.notDelivered.map((l) => ({
            lineId: l.lineId,
            sku: names.get(l.lineId)?.sku ?? '',
            name: names.get(l.lineId)?.name ?? '',
            quantity: Number(l.quantity),
          })),
        }
      : {}),
    hasPhoto: body.photo !== undefined,
    hasSignature: body.signature !== undefined,
  };
  return {
    ...stop,
    state: body.outcome,
    orderStatus: isDelivery(body.outcome) ? 'DELIVERED' : stop.orderStatus,
    last,
  };
}

function queuedCollection(
  day: DriverDay,
  stop: Stop | undefined,
  action: { orderId: string; orderNum: string; body: CollectInput },
  entry: QueueEntry,
): Collection {
  const { body } = action;
  return {
    id: entry.id,
    orderId: action.orderId,
    orderNum: action.orderNum,
    customerId: stop?.customer.customerId ?? '',
    customerName: stop?.customer.customerName ?? '',
    driverId: day.driverId,
    day: day.day,
    method: body.method,
    amount: dollarsOf(body.amount),
    ...(body.checkNumber ? { checkNumber: body.checkNumber.trim() } : {}),
    ...(body.note ? { note: body.note.trim() } : {}),
    at: typeof body.at === 'string' ? body.at : entry.createdAt,
    balanceAtCollection: stop?.amountDue ?? 0,
    status: 'PENDING',
  };
}

/** An amount as the collect form sends it: a number, or dollars typed as text. */
function dollarsOf(amount: CollectInput['amount']): number {
  const n = typeof amount === 'string' ? Number(amount.trim() || 0) : Number(amount ?? 0);
  return Number.isFinite(n) ? n : 0;
}

function summaryOf(stops: readonly Stop[], collections: readonly Collection[]): DriverDay['summary'] {
  return daySummaryInDollars(
    collections.map((c) => ({
      method: c.method,
      amountCents: toCents(c.amount),
      status: c.status,
      orderNum: c.orderNum,
      customerName: c.customerName,
      checkNumber: c.checkNumber,
    })),
    stops.map((st) => st.state),
  );
}
