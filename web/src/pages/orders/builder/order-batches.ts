import type { Order, Product } from '@bo/shared';

/** The products of an order's lines whose batches the editor shows (the ones kept in batches), by id. */
export function batchedProductIds(order: Order, products: readonly Product[]): string[] {
  const bySku = new Map(products.map((p) => [p.sku, p]));
  return order.orderedItems.flatMap((line) => {
    const product = bySku.get(line.productSku);
    return product && product.hasBatch !== false ? [product.id] : [];
  });
}
