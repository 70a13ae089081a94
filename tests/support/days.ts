/**
 * Today as the API reads it now (the UTC day), read when called. A module's own `today`, read when it loads, goes
 * stale when a run crosses midnight, so a range that must hold what a test has just written ends at `apiToday()`.
 */
export const apiToday = (): string => new Date().toISOString().slice(0, 10);
