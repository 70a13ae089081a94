import { apiCall, isApiError } from '../../api/client';
import { applySent } from './apply';
import { applyToDays } from './day';
import { addEntry, entriesOf, firstLiveEntry, removeEntry, updateEntry, updateEntries } from './db';
import { isOnline } from './online';
import type { QueueEntry, QueuedAction } from './types';

/**
 * The queue of the driver's actions (issue 26, "Without signal"). Every action is written to IndexedDB first,
 * then sent when there is a network: one at a time, oldest first, each with its entry id as the
 * `Idempotency-Key`, so a resend after a lost answer is answered with the first result and applied once.
 *
 * - 2xx: the entry leaves the queue (and the stored day takes the server's answer).
 * - 400/403/404/409/422: the server refused it with a reason (the order changed or was cancelled meanwhile,
 *   not the driver's stop, bad input): the entry is kept as `conflict` with the server's message, for the
 *   driver to see and dismiss, and the queue goes on with the next. Other 4xx that asking again cannot mend
 *   (e.g. 413) are `failed`, kept the same way.
 * - No network, a timeout, 401 (the session needs renewing), 429 or 5xx: the flush stops there and the entry
 *   waits; it is tried again when the browser says it is online, after a growing delay, or on `flushNow`.
 *
 * Entries are the signed-in user's: a flush reads and sends only that user's, so an entry another driver left
 * on a shared phone is never sent with this session.
 */

/* ---------- the entries as this page knows them ---------- */

type Listener = () => void;
const listeners = new Set<Listener>();
export function subscribeQueue(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const notify = () => listeners.forEach((l) => l());

/**
 * Each user's entries, oldest first, as this page last read or wrote them: the screens read this copy, not
 * IndexedDB (entries hold proof images; a queue of fifty is not read whole for every change). The store stays
 * the truth: the copy is read from it on first use and when another tab may have changed it (`refreshQueue`).
 */
const mirrors = new Map<string, QueueEntry[]>();
/** Writes per user, so a read that raced a write is read again. */
const writes = new Map<string, number>();
const EMPTY: QueueEntry[] = [];

/** Tests start from nothing. */
export function resetQueueCopies(): void {
  mirrors.clear();
  writes.clear();
}

export const queueSnapshot = (userId: string): QueueEntry[] => mirrors.get(userId) ?? EMPTY;

export async function refreshQueue(userId: string): Promise<void> {
  for (let tries = 0; tries < 3; tries++) {
    const before = writes.get(userId) ?? 0;
    const entries = await entriesOf(userId);
    if ((writes.get(userId) ?? 0) !== before) continue;
    mirrors.set(userId, entries);
    notify();
    return;
  }
}

/** Records a write in the copy (when it has been read) and tells the screens. */
function mirror(userId: string, change: (entries: QueueEntry[]) => QueueEntry[]): void {
  writes.set(userId, (writes.get(userId) ?? 0) + 1);
  const current = mirrors.get(userId);
  if (current) mirrors.set(userId, change(current));
  notify();
}

const replaced = (next: QueueEntry) => (entries: QueueEntry[]) => entries.map((e) => (e.id === next.id ? next : e));

/** Changes a stored entry and its copy; false when it is gone. */
async function change(userId: string, id: string, how: (entry: QueueEntry) => QueueEntry): Promise<boolean> {
  const next = await updateEntry(id, how);
  if (next) mirror(userId, replaced(next));
  return next !== undefined;
}

async function remove(userId: string, id: string): Promise<void> {
  await removeEntry(id);
  mirror(userId, (entries) => entries.filter((e) => e.id !== id));
}

/** Told after a flush sent at least one action: the day on screen is asked of the server again. */
const sentListeners = new Set<(userId: string) => void>();
export function onQueueSent(listener: (userId: string) => void): () => void {
  sentListeners.add(listener);
  return () => void sentListeners.delete(listener);
}

/* ---------- enqueue, dismiss ---------- */

export async function enqueue(userId: string, action: QueuedAction): Promise<QueueEntry> {
  const entry: QueueEntry = {
    id: crypto.randomUUID(),
    action,
    userId,
    createdAt: new Date().toISOString(),
    state: 'waiting',
    attempts: 0,
  };
  await addEntry(entry);
  mirror(userId, (entries) => [...entries, entry]);
  if (isOnline()) void flushQueue(userId);
  return entry;
}

/** Removes an entry the driver has seen (a refused one); one on the wire right now is left to finish. */
export async function dismissEntry(userId: string, id: string): Promise<void> {
  if (inFlight.has(id)) return;
  await remove(userId, id);
}

/* ---------- sending ---------- */

type Verdict = 'retry' | 'conflict' | 'failed';

/** Statuses that mean "refused, with a reason": asking again gets the same answer. */
const CONFLICT_STATUSES = new Set([400, 403, 404, 409, 422]);
/** Statuses worth asking again later. */
const RETRY_STATUSES = new Set([0, 401, 408, 425, 429]);

export function verdictOf(error: unknown): Verdict {
  // Not an answer of the API (the token could not be read without a network, say): try again later.
  if (!isApiError(error)) return 'retry';
  if (RETRY_STATUSES.has(error.status) || error.status >= 500) return 'retry';
  return CONFLICT_STATUSES.has(error.status) ? 'conflict' : 'failed';
}

/** The server's reason, with its field messages when it sent them. */
export function reasonOf(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const details = error.issues.map((i) => i.message).filter((m) => m && !error.message.includes(m));
  return details.length ? `${error.message}: ${details.join('; ')}` : error.message;
}

function send(entry: QueueEntry): Promise<unknown> {
  const headers = { 'Idempotency-Key': entry.id };
  const { action } = entry;
  switch (action.kind) {
    case 'complete':
      return apiCall('deliveries.complete', { params: { orderId: action.orderId }, body: action.body, headers });
    case 'collect':
      return apiCall('deliveries.collect', { params: { orderId: action.orderId }, body: action.body, headers });
    case 'routeOrder':
      return apiCall('deliveries.setRouteOrder', { body: action.body, headers });
  }
}

const inFlight = new Set<string>();
const running = new Map<string, Promise<void>>();
const rerun = new Set<string>();
let flushingCount = 0;
export const isFlushing = (): boolean => flushingCount > 0;

/**
 * Sends the user's waiting entries in order until the queue is empty or the network fails. One flush per user
 * at a time (across tabs too, where the browser has Web Locks); asked again while running, it runs once more
 * at the end, so an entry added meanwhile is not left behind.
 */
export function flushQueue(userId: string): Promise<void> {
  const current = running.get(userId);
  if (current) {
    rerun.add(userId);
    return current;
  }
  const run = (async () => {
    flushingCount += 1;
    notify();
    try {
      let sent = 0;
      let outcome: 'done' | 'stopped';
      do {
        rerun.delete(userId);
        const result = await withFlushLock(userId, () => flushOnce(userId));
        sent += result.sent;
        outcome = result.outcome;
      } while (outcome === 'done' && rerun.has(userId));
      if (outcome === 'stopped') scheduleRetry(userId);
      else retryDelay = FIRST_RETRY_MS;
      if (sent > 0) sentListeners.forEach((l) => l(userId));
    } catch (error) {
      // The phone's store failed (storage full, the database closed by an upgrade): keep the queue, try later.
      console.warn('The queue could not be sent', error);
      scheduleRetry(userId);
    } finally {
      flushingCount -= 1;
      running.delete(userId);
      notify();
    }
  })();
  running.set(userId, run);
  return run;
}

async function withFlushLock<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return work();
  return locks.request(`bo-driver-flush:${userId}`, work) as Promise<T>;
}

async function flushOnce(userId: string): Promise<{ outcome: 'done' | 'stopped'; sent: number }> {
  let sent = 0;
  for (;;) {
    if (!isOnline()) return { outcome: 'stopped', sent };
    const next = await firstLiveEntry(userId);
    if (!next) return { outcome: 'done', sent };
    const entry: QueueEntry = { ...next, state: 'sending', attempts: next.attempts + 1 };
    if (!(await change(userId, entry.id, () => entry))) continue;
    inFlight.add(entry.id);
    let answer: unknown;
    let failure: { error: unknown } | undefined;
    try {
      answer = await send(entry);
    } catch (error) {
      failure = { error };
    }
    try {
      if (!failure) {
        await remove(userId, entry.id);
        await afterSent(userId, entry, answer);
        sent += 1;
        continue;
      }
      const verdict = verdictOf(failure.error);
      const error = reasonOf(failure.error);
      await change(userId, entry.id, (e) => ({ ...e, state: verdict === 'retry' ? 'waiting' : verdict, error }));
      if (verdict === 'retry') return { outcome: 'stopped', sent };
    } finally {
      inFlight.delete(entry.id);
    }
  }
}

/**
 * After the server took an action: its answer goes into the stored days (so the screen keeps showing it while
 * the day is asked again), and the driver's later actions at the same stop, taken on the order as it was
 * before this one, are sent against the order as this one left it (their `modifiedOn`): the driver's own
 * action is not a change made "meanwhile". Only actions never sent: a key the server may have seen is sent
 * again with the body it first had (the server refuses a key replayed with another body).
 */
async function afterSent(userId: string, entry: QueueEntry, answer: unknown): Promise<void> {
  const { action } = entry;
  if (action.kind === 'complete') {
    const modifiedOn = (answer as { stop?: { modifiedOn?: string } } | undefined)?.stop?.modifiedOn;
    const before = action.body.modifiedOn;
    if (modifiedOn && typeof before === 'string' && modifiedOn !== before) {
      const rewritten = await updateEntries(userId, (later) => {
        const a = later.action;
        return later.state === 'waiting' &&
          later.attempts === 0 &&
          a.kind === 'complete' &&
          a.orderId === action.orderId &&
          a.body.modifiedOn === before
          ? { ...later, action: { ...a, body: { ...a.body, modifiedOn } } }
          : undefined;
      });
      for (const next of rewritten) mirror(userId, replaced(next));
    }
  }
  await applyToDays(userId, (day) => applySent(day, entry, answer));
}

/* ---------- trying again ---------- */

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;
let retryDelay = FIRST_RETRY_MS;
const retryTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRetry(userId: string): void {
  if (!watched.has(userId) || retryTimers.has(userId)) return;
  const delay = retryDelay;
  retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
  retryTimers.set(
    userId,
    setTimeout(() => {
      retryTimers.delete(userId);
      if (isOnline()) void flushQueue(userId);
      else scheduleRetry(userId);
    }, delay),
  );
}

/** Users whose screens are open: their queue is flushed when the network comes back. */
const watched = new Map<string, number>();

/**
 * Keeps a user's queue moving while a screen shows it: a flush now (when online), on every `online` event,
 * and after failures with a growing delay. Returns the stop function.
 */
export function watchQueue(userId: string): () => void {
  watched.set(userId, (watched.get(userId) ?? 0) + 1);
  const online = () => {
    retryDelay = FIRST_RETRY_MS;
    void flushQueue(userId);
  };
  window.addEventListener('online', online);
  if (isOnline()) void flushQueue(userId);
  return () => {
    window.removeEventListener('online', online);
    const left = (watched.get(userId) ?? 1) - 1;
    if (left > 0) watched.set(userId, left);
    else {
      watched.delete(userId);
      clearTimeout(retryTimers.get(userId));
      retryTimers.delete(userId);
    }
  };
}
