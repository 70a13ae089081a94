/**
 * The driver app's offline layer (issue 26, "Without signal"): the day network first with the phone's stored
 * copy as fallback, the queue of actions taken without signal (IndexedDB, sent in order, exactly once, with
 * idempotency keys), and the service worker that keeps the app shell on the phone.
 */
export type { CollectInput, CompleteStopInput, QueueEntry, QueuedAction } from './types';
export { enqueue } from './queue';
export { useDriverDay, useDriverQueue, useOnline, type DriverDayResult } from './hooks';
export { applyQueued, pendingStops, routeOrderPending } from './apply';
export { registerDriverServiceWorker } from './register';
