export * from './confirm';
export * from './reads';
export * from './records';
export * from './writes';
