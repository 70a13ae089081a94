/**
 * The route table and each area's rows. A handler takes its row from its area's object (`userRoutes[...]`),
 * so its bundle holds that area's rows and schemas only: this file only re-exports, and `sideEffects` in
 * package.json lets the bundler leave out every module a function does not use, the combined table included.
 */
export * from './table';
export * from './route';
export * from './catalog-roles';
export { brandRoutes } from './brands';
export { changeLogRoutes } from './changelog';
export { customerRoutes } from './customers';
export { healthRoutes } from './health';
export { locationRoutes } from './locations';
export { orderRoutes } from './orders';
export { preferenceRoutes } from './preferences';
export { productRoutes } from './products';
export { storageRoutes } from './storage';
export { userRoutes } from './users';
