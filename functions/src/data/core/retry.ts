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
