import { dynamoClient } from '@bo/functions/data';

/**
 * Counts the DynamoDB calls the data layer makes (per command: QueryCommand pages, BatchGetItemCommand
 * calls, TransactWriteItemsCommand, …) through a middleware on the shared client. `take()` returns the
 * counts since the last call and starts again.
 */
export function countDynamoCalls() {
  let counts: Record<string, number> = {};
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      const name = (context as { commandName?: string }).commandName ?? 'unknown';
      counts[name] = (counts[name] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name: 'benchCountDynamoCalls', override: true },
  );
  return {
    take: () => {
      const out = Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
      counts = {};
      return { ...out, total: Object.values(out).reduce((a, b) => a + b, 0) };
    },
  };
}
