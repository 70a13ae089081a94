export * from './api';
export * from './errors';
export * from './types';
export * from './order-access';
