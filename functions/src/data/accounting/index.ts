export * from './entity';
export * from './exports';
export { invoiceOf, readAccountingRecords } from './sources';
