import { collectableCents, toCents, type Cents, type DriverDay, type Stop, type StopState } from '@bo/shared';
import { pendingStops, type QueueEntry } from './offline';

/**
 * What the driver's screens read from the day. The offline layer lays the queue over the day it returns
 * (`applyQueued`: a stop recorded a moment ago already has its outcome, a collection not yet sent is among the
 * day's pending ones), so these only add what the screens need on top.
 */

export interface StopView {
  stop: Stop;
  state: StopState;
  /** Something done at this stop is still on the phone. */
  waiting: boolean;
}

export function stopViews(stops: readonly Stop[], entries: readonly QueueEntry[]): StopView[] {
  const waiting = pendingStops(entries);
  return stops.map((stop) => ({ stop, state: stop.state, waiting: waiting.has(stop.orderId) }));
}

/** What is collected on an order and waiting for the office (the day's pending collections, queued ones too). */
export const pendingCentsOf = (day: DriverDay, orderId: string): Cents =>
  day.collections
    .filter((c) => c.orderId === orderId && c.status === 'PENDING')
    .reduce((sum, c) => sum + toCents(c.amount), 0);

/** What may still be collected at a stop: its amount due less what is pending on it. */
export const openCentsOf = (stop: Stop, day: DriverDay): Cents =>
  collectableCents(toCents(stop.amountDue), pendingCentsOf(day, stop.orderId));

/** How many of the day's collections are still on the phone. */
export const queuedCollections = (entries: readonly QueueEntry[]): number =>
  entries.filter((e) => (e.state === 'waiting' || e.state === 'sending') && e.action.kind === 'collect').length;

/**
 * The driver's day: the UTC calendar day, as the server counts a driver's day (a collection's day is its
 * instant's UTC day), so the phone asks for the day its records land in.
 */
export const driverToday = (now = new Date()): string => now.toISOString().slice(0, 10);
