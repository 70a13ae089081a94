import { ConflictError, NotFoundError } from '../http/errors';

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
