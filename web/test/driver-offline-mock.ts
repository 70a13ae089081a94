import { vi } from 'vitest';
import type { DriverDay } from '@bo/shared';
import type { DriverDayResult, QueueEntry, QueuedAction, useDriverQueue as realQueue } from '../src/driver/offline';

/**
 * The driver app's offline layer as its tests see it (`vi.mock('../src/driver/offline', () =>
 * import('./driver-offline-mock'))`): the pure parts as they are, the hooks answering `offline.state`, and
 * `enqueue` a spy that queues nothing.
 */
export const makeEntry = (action: QueuedAction, overrides: Partial<QueueEntry> = {}): QueueEntry => ({
  id: `q-${Math.random().toString(36).slice(2)}`,
  action,
  userId: 'u-driver',
  createdAt: '2026-11-27T10:00:00.000Z',
  state: 'waiting',
  attempts: 0,
  ...overrides,
});

type DayResult = DriverDayResult;
type QueueResult = ReturnType<typeof realQueue>;

/** What the mocked offline layer answers; tests change it before rendering. */
export interface OfflineState {
  today: DayResult;
  queue: QueueResult;
}

export const dayResult = (data: DriverDay | undefined, overrides: Partial<DayResult> = {}): DayResult => ({
  data,
  isPending: data === undefined,
  error: null,
  fromCache: false,
  refetch: vi.fn(),
  ...overrides,
});

export const queueResult = (entries: QueueEntry[] = [], overrides: Partial<QueueResult> = {}): QueueResult => ({
  entries,
  waiting: entries.filter((e) => e.state === 'waiting' || e.state === 'sending').length,
  conflicts: entries.filter((e) => e.state === 'conflict' || e.state === 'failed'),
  online: true,
  flushing: false,
  flushNow: vi.fn(async () => undefined),
  dismiss: vi.fn(async () => undefined),
  ...overrides,
});

export const offline = {
  state: {} as OfflineState,
  enqueue: vi.fn(async (_userId: string, action: QueuedAction) => makeEntry(action)),
};

export * from '../src/driver/offline/apply';
export const enqueue = (userId: string, action: QueuedAction) => offline.enqueue(userId, action);
export const useDriverDay = (): DayResult => offline.state.today;
export const useDriverQueue = (): QueueResult => offline.state.queue;
export const useOnline = () => offline.state.queue.online;
export const registerDriverServiceWorker = () => undefined;
