export * from './cause';
export * from './ledger';
export * from './updates';
