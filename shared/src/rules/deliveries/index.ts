export * from './route-order';
export * from './stop-state';
export * from './partial';
export * from './collections';
export * from './proof';
