export * from './entity';
export * from './exports';
export { readExportedStates, writeExportedStates, type RecordRef, type StoredState } from './states';
export { invoiceOf, readAccountingRecords } from './sources';
export { withDownloadLinks } from './links';
