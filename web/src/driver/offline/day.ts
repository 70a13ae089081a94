import type { DriverDay } from '@bo/shared';
import { apiCall, isApiError } from '../../api/client';
import { driverDb, loadDay, pruneDays, saveDay } from './db';
import { isOnline } from './online';

/**
 * The driver's day, network first: each good answer of GET deliveries/myDay is stored on the phone; without a
 * network (or when the server does not answer in time, or fails) the stored day is shown, marked `fromCache`
 * with when it was saved. One state per user and day, shared by every screen, so opening a stop reads memory.
 */

export interface DayState {
  /** The day as the server (or the phone's store) has it, before the queued actions are laid over it. */
  base?: DriverDay;
  fromCache: boolean;
  savedAt?: string;
  error: unknown;
  isPending: boolean;
}

/** How long the network may take before the stored day is shown (the answer still replaces it when it comes). */
export const NETWORK_WAIT_MS = 6_000;

const states = new Map<string, DayState>();
const loading = new Map<string, Promise<void>>();
/** Days asked for again while a load was running: loaded once more after it, with what the server has then. */
const again = new Set<string>();
/**
 * Bumped by each `applyToDays`: a network answer asked for before a queued action was answered may predate it,
 * so it is dropped (and the day asked again) rather than laid over the newer state.
 */
let epoch = 0;
const listeners = new Set<() => void>();
const INITIAL: DayState = { fromCache: false, error: null, isPending: true };

const keyOf = (userId: string, day: string) => `${userId}|${day}`;

export const dayState = (userId: string, day: string): DayState => states.get(keyOf(userId, day)) ?? INITIAL;
export const hasDayState = (userId: string, day: string): boolean => states.has(keyOf(userId, day));

export function subscribeDays(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function set(key: string, next: DayState): void {
  states.set(key, next);
  listeners.forEach((l) => l());
}

/** A refusal of the server (not the network's fault): the stored day would hide it. */
const refused = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

/** Loads the day (once at a time per user and day). */
export function loadDriverDay(userId: string, day: string): Promise<void> {
  const key = keyOf(userId, day);
  const current = loading.get(key);
  if (current) {
    again.add(key);
    return current;
  }
  const run = load(userId, day, key).finally(() => {
    loading.delete(key);
    if (again.delete(key)) void loadDriverDay(userId, day);
  });
  loading.set(key, run);
  return run;
}

async function load(userId: string, day: string, key: string): Promise<void> {
  const before = states.get(key);
  if (!before?.base) set(key, { ...(before ?? INITIAL), isPending: true });
  if (!isOnline()) return fromStore(userId, day, key, undefined);

  const asked = epoch;
  const network = apiCall('deliveries.myDay', { query: { day } }).then(async (data) => {
    if (epoch !== asked) {
      again.add(key);
      return;
    }
    const stored = await saveDay(userId, day, data);
    set(key, { base: data, fromCache: false, savedAt: stored.savedAt, error: null, isPending: false });
    void pruneDays(userId).catch(() => undefined);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), NETWORK_WAIT_MS);
  });
  try {
    if ((await Promise.race([network, slow])) === 'slow') {
      // The answer still lands in the state when it comes; meanwhile the stored day, if there is one.
      network.catch(() => undefined);
      return fromStore(userId, day, key, undefined);
    }
  } catch (error) {
    if (refused(error)) {
      set(key, { ...(states.get(key) ?? INITIAL), error, isPending: false });
      return;
    }
    return fromStore(userId, day, key, error);
  } finally {
    clearTimeout(timer);
  }
}

async function fromStore(userId: string, day: string, key: string, error: unknown): Promise<void> {
  const stored = await loadDay(userId, day).catch(() => undefined);
  const now = states.get(key);
  // A fresh answer that landed meanwhile wins.
  if (now?.base && !now.fromCache) return;
  if (stored) set(key, { base: stored.data, fromCache: true, savedAt: stored.savedAt, error: null, isPending: false });
  else
    set(key, {
      ...(now ?? INITIAL),
      error: error ?? new Error('No signal, and this day has not been loaded on this phone yet'),
      isPending: false,
    });
}

/**
 * Writes a change into every day of the user, shown and stored (the server's answer to a queued action), so
 * the screen does not flick back to the state before the action while the day is asked again.
 */
export async function applyToDays(userId: string, change: (day: DriverDay) => DriverDay): Promise<void> {
  epoch++;
  const db = await driverDb();
  for (const stored of await db.getAllFromIndex('days', 'byUser', userId)) {
    const next = change(stored.data);
    if (next !== stored.data) await saveDay(userId, stored.day, next, stored.savedAt);
  }
  for (const [key, state] of states) {
    if (!key.startsWith(`${userId}|`) || !state.base) continue;
    const next = change(state.base);
    if (next !== state.base) set(key, { ...state, base: next });
  }
}

/** Tests start from nothing. */
export function resetDayStates(): void {
  states.clear();
  loading.clear();
  again.clear();
}
