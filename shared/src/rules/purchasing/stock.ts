import type { RestockStock } from './restock';

/** Available stock (spec section 2): current stock minus pending orders. */
export const availableStock = (product: RestockStock): number => product.stock - (product.pendingOutboundQuantity ?? 0);

/**
 * Resulting stock: what the product will have for sale once this purchase order is received, i.e. the
 * available stock plus the order quantity (an empty quantity counts 0).
 */
export const resultingStock = (product: RestockStock, orderQuantity: number | null | undefined): number =>
  availableStock(product) + (orderQuantity ?? 0);
