/** Moved to brands/entity.ts; kept so orders.ts's imports resolve until the orders area is ported. */
export type { BrandItem } from '../brands/entity';
