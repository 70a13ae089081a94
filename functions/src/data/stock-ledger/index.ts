export * from './ledger';
export * from './updates';
