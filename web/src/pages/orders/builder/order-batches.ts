import type { Order } from '@bo/shared';

/**
 * The products of an order's lines whose batches the editor shows, by id: read from the lines themselves (the
 * server writes each line's product id and whether it is kept in batches), so they are asked for with the order,
 * not after the catalogue. A line without a product id (older clients) learns it from the catalogue later.
 */
export function batchedProductIds(order: Order): string[] {
  return order.orderedItems.flatMap((line) => (line.productId && line.shouldHaveTag ? [line.productId] : []));
}
