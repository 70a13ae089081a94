import { ServiceUnavailableError } from '../../domain/errors';

/**
 * The core's own retries: of the items a batch request left unprocessed and of transactions cancelled by
 * contention. (The SDK retries whole failed requests itself; these are answers it counts as successes.)
 * Each is capped, and each attempt sends a new command object: an SDK command keeps middleware state and
 * must not be sent twice.
 */

/** Attempts at most, the first included. */
export const MAX_ATTEMPTS = 10;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Exponential backoff with jitter: `base` ms doubled each attempt, at most a second, times 0.5–1.5. */
export const backoff = (attempt: number, base = 25) => Math.min(1000, base * 2 ** attempt) * (0.5 + Math.random());

/** What a request answers when DynamoDB kept refusing work (throttled) after every attempt: a 503 to retry. */
export const busyError = (what: string) =>
  new ServiceUnavailableError(`The database is busy (${what}); please try again`);

/** Thrown by one try of an optimistic write whose condition on what it read failed: try again from fresh reads. */
export class RaceLost extends Error {}

/**
 * Runs `run(attemptNo)` until it ends other than with RaceLost: between tries waits (jittered backoff from
 * `baseMs`, at most `maxMs`) and runs `beforeRetry`; after `attempts` lost races throws `exhausted()`.
 */
export async function retryLostRaces<T>(
  run: (attemptNo: number) => Promise<T>,
  options: {
    attempts: number;
    exhausted: () => Error;
    baseMs: number;
    maxMs: number;
    beforeRetry?: () => Promise<void>;
  },
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await run(n);
    } catch (error) {
      if (!(error instanceof RaceLost)) throw error;
      if (n + 1 >= options.attempts) throw options.exhausted();
      await sleep(Math.min(options.maxMs, options.baseMs * 2 ** Math.min(n, 10)) * (0.5 + Math.random()));
      await options.beforeRetry?.();
    }
  }
}
