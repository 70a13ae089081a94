export * from './errors';
export * from './caller';
