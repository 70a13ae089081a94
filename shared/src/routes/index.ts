/**
 * The route table, each area's object and each row on its own (`usersGetAllRoute`). A handler imports its own
 * row, so its bundle holds that row and its schemas only: this file only re-exports, `sideEffects` in
 * package.json lets the bundler leave out every module a function does not use (the combined table included),
 * and `route()` is marked free of side effects, so the other rows of the same area file drop out too.
 */
export * from './table';
export * from './route';
export * from './jobs';
export * from './accounting';
export * from './brands';
export * from './changelog';
export * from './customers';
export * from './dashboard';
export * from './deliveries';
export * from './health';
export * from './imports';
export * from './locations';
export * from './orders';
export * from './payments';
export * from './payroll';
export * from './preferences';
export * from './products';
export * from './purchases';
export * from './reports';
export * from './reports-stock';
export * from './returns';
export * from './storage';
export * from './users';
