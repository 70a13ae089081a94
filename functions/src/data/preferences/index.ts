export * from './entity';
export * from './filters';
