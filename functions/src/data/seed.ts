/**
 * What only tools use: demo-data and benchmark bulk writers, and the one-off migrations of kept local data
 * (the only place a Scan is allowed). Imported as `@bo/functions/data/seed` by infra/local and tests;
 * handlers import `#data` and never this.
 */
export * from './migrations/stock-ledger';
export { type BulkOrder, type BulkOrderLine, createOrdersBulk, hasOrdersInMonths } from './orders/bulk';
export * from './migrations/product-type-index';
export * from './migrations/order-index-keys';
export * from './migrations/customer-owed';
export { type BulkPayment, createPaymentsBulk } from './payments/bulk';
export * from './migrations/index-keys';
export { type BulkProduct, createProductsBulk } from './products/bulk';
export { ensureReportFigures } from './reports/state';
export { resumeUnfinishedJobs } from './queues/resume';
