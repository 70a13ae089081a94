/** LEGACY (ElectroDB transactions), removed once every aggregate uses core/transaction.ts. */
import { ConflictError, NotFoundError } from '../domain';

interface TransactResult {
  canceled: boolean;
  data: ReadonlyArray<{ rejected?: boolean; code?: string; message?: string }>;
}

/**
 * Runs an ElectroDB write transaction and turns a cancellation into a domain error:
 * a failed `patch`/`remove` existence check is a 404, any other failed condition a 409.
 */
export async function commit(
  run: () => Promise<TransactResult>,
  messages: { notFound?: string; conflict: string },
): Promise<void> {
  const result = await run();
  if (!result.canceled) return;
  const failed = result.data.filter((d) => d.rejected || (d.code && d.code !== 'None'));
  const conditional = failed.some((d) => d.code === 'ConditionalCheckFailed');
  if (conditional && messages.notFound) throw new NotFoundError(messages.notFound);
  throw new ConflictError(
    messages.conflict,
    failed.map((d) => ({ path: 'transaction', message: d.message ?? d.code ?? 'rejected' })),
  );
}

const CONFLICT_RETRIES = 12;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isTransactionConflict = (error: unknown) =>
  (error as { name?: string }).name === 'TransactionConflictException' ||
  (error as { name?: string }).name === 'TransactionInProgressException';

/**
 * Runs a write transaction whose items may fail for several reasons. A cancellation caused only by
 * concurrent transactions on the same items (`TransactionConflict`, e.g. twenty product creates all
 * counting on one brand) is retried with jittered backoff; failed conditions are handed to `explain`
 * with the indexes of the items that failed, which returns the domain error to throw.
 */
export async function commitOrExplain(
  run: () => Promise<TransactResult>,
  explain: (failedIndexes: number[]) => Error,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    let result: TransactResult;
    try {
      result = await run();
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= CONFLICT_RETRIES) throw error;
      await sleep(backoff(attempt));
      continue;
    }
    if (!result.canceled) return;
    const codes = result.data.map((d) => d.code ?? 'None');
    const failed = codes.flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
    if (failed.length === 0 && codes.includes('TransactionConflict') && attempt < CONFLICT_RETRIES) {
      await sleep(backoff(attempt));
      continue;
    }
    if (failed.length > 0) throw explain(failed);
    throw new ConflictError(
      'The record changed while saving; reload and try again',
      result.data
        .filter((d) => d.code && d.code !== 'None')
        .map((d) => ({ path: 'transaction', message: d.message ?? d.code })),
    );
  }
}

const backoff = (attempt: number) => Math.min(1000, 15 * 2 ** attempt) * (0.5 + Math.random());

export { type Actor, actorOf } from '../domain';
