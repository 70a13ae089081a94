/** Moved to products/entity.ts; kept so orders.ts's imports resolve until the orders area is ported. */
export { PRODUCT_LIST_SHARDS, type ProductItem } from '../products/entity';
