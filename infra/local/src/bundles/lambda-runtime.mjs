// One Lambda execution environment of the local stack's `--bundles` mode (lambda-pool.ts forks it with plain
// `node`, in the function's copied task root, with only the function's environment). Like the Node.js
// runtime: the handler module is imported once (init), then events arrive one at a time; a module that does
// not load fails every invocation (Runtime.ImportModuleError) and the environment is discarded.
import { pathToFileURL } from 'node:url';

const [file, exportName] = process.argv.slice(2);

const serialize = (error) => ({
  errorType: error instanceof Error ? error.name : 'Error',
  errorMessage: error instanceof Error ? error.message : String(error),
  stack: error instanceof Error && error.stack ? error.stack.split('\n') : [],
});

let handler;
try {
  const module = await import(pathToFileURL(file).href);
  handler = module[exportName];
  if (typeof handler !== 'function') throw new Error(`${file} does not export a function named "${exportName}"`);
} catch (error) {
  const failure = serialize(error);
  console.error(JSON.stringify({ phase: 'init', ...failure }));
  process.send(
    { type: 'init-error', error: { ...failure, errorType: `Runtime.ImportModuleError: ${failure.errorType}` } },
    () => process.exit(1),
  );
}

// An environment never outlives the local stack that started it.
process.on('disconnect', () => process.exit(0));

if (handler) {
  process.on('message', async (message) => {
    if (message?.type !== 'invoke') return;
    const { id, event, context: base } = message;
    const { traceId, deadline, ...fields } = base;
    const context = {
      ...fields,
      callbackWaitsForEmptyEventLoop: true,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    };
    // Set per invocation, as the runtime does; not sampled, so a tracer records nothing locally.
    process.env._X_AMZN_TRACE_ID = traceId;
    try {
      const result = await handler(event, context);
      process.send({ type: 'result', id, result });
    } catch (error) {
      const failure = serialize(error);
      console.error(JSON.stringify({ phase: 'invoke', requestId: base.awsRequestId, ...failure }));
      process.send({ type: 'error', id, error: failure });
    }
  });
  process.send({ type: 'ready' });
}
