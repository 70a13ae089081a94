export * from './entity';
export * from './product-line-entity';
export * from './records';
export * from './reads';
export * from './writes';
export * from './stock-limits';
