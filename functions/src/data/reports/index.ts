export * from './entity';
export * from './from-stream';
export * from './reconcile';
export * from './reads';
export * from './state';
export * from './purchases';
export * from './purchase-reads';
export * from './commission-reads';
