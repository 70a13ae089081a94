export * from './client';
export * from './table';
export * from './service';
export * from './transaction';
export * from './change-log';
export * from './users';
export * as identity from './identity';
