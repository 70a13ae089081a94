/**
 * The test stack's CALLER_STATE_TTL (seconds; deployed it is 30): how long after an admin disables, deletes or
 * demotes a user their old token may still be served. Short, so the API tests see access end without waiting.
 */
export const TEST_CALLER_STATE_TTL = 2;
