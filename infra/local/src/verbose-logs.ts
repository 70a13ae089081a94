/** A job run by hand shows what it did (its INFO lines); a `POWERTOOLS_LOG_LEVEL` given still wins (quiet-logs.ts). */
process.env.POWERTOOLS_LOG_LEVEL ??= 'INFO';
