export * from './api';
export * from './errors';
export * from './types';
