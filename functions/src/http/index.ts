export * from './api';
export * from './types';
// Handlers throw the domain's named errors; re-exported so a handler has one import for its edge.
export * from '../domain';
