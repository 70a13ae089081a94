/**
 * The handlers' log level, set before anything of the back end is imported: the Powertools logger reads it when
 * it is created, and resets to that level on every invocation, so setting it later has no effect. Imported
 * first by stack.ts; `npm run job` imports verbose-logs.ts before it to see what a job did.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
