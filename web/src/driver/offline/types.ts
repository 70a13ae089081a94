import type { BodyOf, Routes } from '@bo/shared';

/** The bodies as the client sends them (`z.input` of completeStopBody and collectBody). */
export type CompleteStopInput = BodyOf<Routes['deliveries.complete']>;
export type CollectInput = BodyOf<Routes['deliveries.collect']>;

/** What the driver did, as the API takes it. */
export type QueuedAction =
  | { kind: 'complete'; orderId: string; orderNum: string; body: CompleteStopInput }
  | { kind: 'collect'; orderId: string; orderNum: string; body: CollectInput }
  | { kind: 'routeOrder'; body: { day: string; orderIds: string[] } };

/**
 * One action on the phone's queue. `waiting` until sent (`sending` while it is on the wire: a page closed then
 * sends it again with the same key); `conflict` when the server refused it with a reason (the order changed,
 * it is not the driver's stop, bad input); `failed` when it was refused for another reason that asking again
 * cannot mend (e.g. too large). Both are kept for the driver to see until dismissed.
 */
export interface QueueEntry {
  /** The Idempotency-Key the action is sent with: a resend is answered with the first result. */
  id: string;
  action: QueuedAction;
  userId: string;
  createdAt: string;
  state: 'waiting' | 'sending' | 'conflict' | 'failed';
  error?: string;
  attempts: number;
}
