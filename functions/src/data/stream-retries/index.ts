export * from './entity';
export * from './count';
