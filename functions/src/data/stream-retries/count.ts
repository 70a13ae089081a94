import { update } from '../core';
import { streamRetryEntity } from './entity';

/** How long a failure count is kept after its last failure: well beyond the stream's own retries. */
const KEEP_SECONDS = 24 * 60 * 60;

/** Adds one failure of `consumer` on the record `eventId`; answers how many there have been. */
export async function countStreamFailure(consumer: string, eventId: string, error: string): Promise<number> {
  const item = await update(
    streamRetryEntity,
    { consumer, eventId },
    {
      add: { attempts: 1 },
      set: { expiresAt: Math.floor(Date.now() / 1000) + KEEP_SECONDS, lastError: error.slice(0, 500) },
    },
    { mustExist: false },
  );
  return item.attempts;
}
