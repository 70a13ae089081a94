export * from './entity';
export * from './entry';
export * from './reads';
