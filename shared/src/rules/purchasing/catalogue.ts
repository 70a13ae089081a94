import type { ProductStatus } from '../../schemas/catalog';

/**
 * Which products a purchase order may carry: the brand's own, not INACTIVE or HIDDEN (the same products
 * Fill to limits leaves out). The API refuses the rest with 400s naming the SKUs.
 */
export const UNPURCHASABLE_STATUSES: readonly ProductStatus[] = ['INACTIVE', 'HIDDEN'];

export const isPurchasable = (status: ProductStatus): boolean => !UNPURCHASABLE_STATUSES.includes(status);

const list = (skus: readonly string[]) => skus.slice(0, 10).join(', ') + (skus.length > 10 ? ', …' : '');

export const PURCHASE_LINE_REFUSALS = {
  unknown: (skus: readonly string[]) => `Unknown product SKU: ${list(skus)}`,
  otherBrand: (skus: readonly string[], brand: string) => `Not a product of ${brand}: ${list(skus)}`,
  notPurchasable: (skus: readonly string[]) => `Inactive or hidden products cannot be ordered: ${list(skus)}`,
} as const;
