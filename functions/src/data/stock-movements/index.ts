/**
 * Product stock history from the stock ledger: order writes tag the ledger buckets they change with a cause
 * (stock-ledger/cause.ts); the table's stream delivers each bucket before and after, and the consumer
 * (events/src/consumers/stock-movements.ts) turns the difference into change-log entries of the products.
 */
export * from './entries';
export * from './from-stream';
export * from './write';
export type { LedgerCause } from '../stock-ledger/cause';
export { LEDGER_PK } from '../stock-ledger/ledger';
