/**
 * Stock movement months (months.ts says what they hold and how they are read): written with each movement
 * (the stream's history entries, manual stock changes), read by the inventory reports (reports.ts).
 */
export * from './months';
export { moveOfEntry } from './of-entry';
export { readInventoryValuation, readSlowMovers, readStockLimits } from './reports';
