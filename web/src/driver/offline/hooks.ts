import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { DriverDay } from '@bo/shared';
import { applyQueued, isLive } from './apply';
import { dayState, hasDayState, loadDriverDay, subscribeDays } from './day';
import { isOnline } from './online';
import {
  dismissEntry,
  flushQueue,
  isFlushing,
  onQueueSent,
  queueSnapshot,
  refreshQueue,
  subscribeQueue,
  watchQueue,
} from './queue';
import type { QueueEntry } from './types';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network. */
export const useOnline = (): boolean => useSyncExternalStore(subscribeOnline, isOnline, () => true);

/**
 * The user's queue as this page knows it (queue.ts keeps the copy), read from the phone's store on first use
 * and again when the page comes back to the front (another tab of the app may have changed it).
 */
function useQueueEntries(userId: string): QueueEntry[] {
  const entries = useSyncExternalStore(
    subscribeQueue,
    () => queueSnapshot(userId),
    () => queueSnapshot(userId),
  );
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible')
        refreshQueue(userId).catch((error: unknown) => console.warn('Could not read the queue', error));
    };
    refresh();
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [userId]);
  return entries;
}

/**
 * The driver's queue: what waits to be sent, what the server refused (kept until dismissed), whether the phone
 * is online and a flush is running. While a screen shows it, the queue is sent whenever the network is there.
 */
export function useDriverQueue(userId: string) {
  const entries = useQueueEntries(userId);
  const online = useOnline();
  const flushing = useSyncExternalStore(subscribeQueue, isFlushing, isFlushing);
  useEffect(() => watchQueue(userId), [userId]);
  const flushNow = useCallback(() => flushQueue(userId), [userId]);
  const dismiss = useCallback((id: string) => dismissEntry(userId, id), [userId]);
  return useMemo(
    () => ({
      entries,
      waiting: entries.filter(isLive).length,
      conflicts: entries.filter((e) => e.state === 'conflict' || e.state === 'failed'),
      online,
      flushing,
      flushNow,
      dismiss,
    }),
    [entries, online, flushing, flushNow, dismiss],
  );
}

export interface DriverDayResult {
  /** The day with the actions still waiting on the queue laid over it (`applyQueued`). */
  data: DriverDay | undefined;
  isPending: boolean;
  error: unknown;
  /** Shown from the phone's store (no network, or the server did not answer); `savedAt` says from when. */
  fromCache: boolean;
  savedAt?: string;
  refetch(): void;
}

/**
 * The driver's day, network first with the stored day as the fallback, and the queue laid over it. Asked of
 * the server again when the network comes back and after the queue sent something.
 */
export function useDriverDay(userId: string, day: string): DriverDayResult {
  const state = useSyncExternalStore(
    subscribeDays,
    () => dayState(userId, day),
    () => dayState(userId, day),
  );
  const entries = useQueueEntries(userId);
  useEffect(() => {
    if (!hasDayState(userId, day)) void loadDriverDay(userId, day);
    const offSent = onQueueSent((who) => {
      if (who === userId) void loadDriverDay(userId, day);
    });
    const online = () => void loadDriverDay(userId, day);
    window.addEventListener('online', online);
    return () => {
      offSent();
      window.removeEventListener('online', online);
    };
  }, [userId, day]);
  const refetch = useCallback(() => void loadDriverDay(userId, day), [userId, day]);
  const data = useMemo(() => (state.base ? applyQueued(state.base, entries) : undefined), [state.base, entries]);
  return {
    data,
    isPending: state.isPending && !state.base,
    error: state.error,
    fromCache: state.fromCache,
    ...(state.savedAt ? { savedAt: state.savedAt } : {}),
    refetch,
  };
}
