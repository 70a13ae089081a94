export * from './entity';
export * from './records';
export * from './reads';
export * from './writes';
export * from './files';
