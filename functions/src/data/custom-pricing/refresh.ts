import {
  isPendingUpdate,
  isPriceCustomized,
  proposeRefresh,
  toCents,
  toDollars,
  type CustomerPricingUpdates,
  type PriceSource,
  type PricingUpdate,
} from '@bo/shared';
import { type CustomerItem, customerNotFound } from '../customers';
import { type CatalogNames, type ProductItem, getProductItemsByIds, loadCatalogNames } from '../products';
import { type CustomPriceItem, RECENT_HISTORY } from './entity';
import { getCustomerWithPriceItems } from './reads';
import { productPrices, storedPrice } from './records';

/** The pricing refresh: which custom prices a change of base price or cost leaves pending. */

/** A pending update as stored in the snapshot (cents). */
export interface StoredUpdate {
  productId: string;
  product: {
    sku: string;
    name: string;
    brandID: string;
    brand: string;
    typeID: string;
    type: string;
    baseCents: number;
  };
  currentCents: number;
  newCents: number;
  priceCustomized: boolean;
  source: PriceSource;
  dateUpdated: string;
  history: Array<{ priceCents: number; date: string }>;
}

export interface CustomerUpdates {
  /** When the customer's prices were read for this computation (orders concurrent snapshot writes). */
  readAt: string;
  customerId: string;
  customerName: string;
  pricedCount: number;
  updates: StoredUpdate[];
}

const toPricingUpdate = (u: StoredUpdate): PricingUpdate => ({
  productId: u.productId,
  productData: {
    id: u.productId,
    sku: u.product.sku,
    name: u.product.name,
    brandID: u.product.brandID,
    brand: { name: u.product.brand },
    typeID: u.product.typeID,
    type: { name: u.product.type },
    basePrice: toDollars(u.product.baseCents),
  },
  currentPrice: toDollars(u.currentCents),
  newCustomPrice: toDollars(u.newCents),
  priceCustomized: u.priceCustomized,
  source: u.source,
  dateUpdated: u.dateUpdated,
  priceHistory: u.history.map((h) => ({ price: toDollars(h.priceCents), date: h.date })),
});

export const toCustomerPricingUpdates = (c: CustomerUpdates): CustomerPricingUpdates => ({
  customerId: c.customerId,
  customerName: c.customerName,
  pricedCount: c.pricedCount,
  personalizedPricingList: c.updates.map(toPricingUpdate),
});

type ProductLookup = Pick<Map<string, ProductItem>, 'get'>;

/**
 * The refresh formula over one customer's prices (shared `proposeRefresh`): an update is pending where
 * the proposed price differs from the current one. Prices whose product no longer exists are left out.
 * By brand name, then product name.
 */
export function pendingUpdates(
  customer: CustomerItem,
  prices: readonly CustomPriceItem[],
  products: ProductLookup,
  names: CatalogNames,
  readAt: string,
): CustomerUpdates {
  const updates: StoredUpdate[] = [];
  for (const price of prices) {
    const product = products.get(price.productId);
    if (!product) continue;
    const proposed = proposeRefresh(storedPrice(price), productPrices(product));
    const current = toDollars(price.priceCents);
    if (!isPendingUpdate(current, proposed)) continue;
    updates.push({
      productId: price.productId,
      product: {
        sku: product.sku,
        name: product.name,
        brandID: product.brandID,
        brand: names.brands.get(product.brandID)?.name ?? '',
        typeID: product.typeID,
        type: names.types.get(product.typeID)?.name ?? '',
        baseCents: product.basePriceCents,
      },
      currentCents: price.priceCents,
      newCents: toCents(proposed),
      priceCustomized: isPriceCustomized(current, toDollars(product.basePriceCents)),
      source: price.source,
      dateUpdated: price.dateUpdated,
      history: (price.history ?? []).slice(0, RECENT_HISTORY),
    });
  }
  updates.sort(
    (a, b) =>
      a.product.brand.localeCompare(b.product.brand, 'en-US') || a.product.name.localeCompare(b.product.name, 'en-US'),
  );
  return {
    readAt,
    customerId: customer.customerId,
    customerName: customer.customerName,
    pricedCount: prices.length,
    updates,
  };
}

/** One customer's pending updates, computed now: one Query of its partition, a BatchGet of its products, the name lists. */
export async function computeCustomerUpdates(customerId: string): Promise<CustomerUpdates> {
  const readAt = new Date().toISOString();
  const found = await getCustomerWithPriceItems(customerId);
  if (!found) throw customerNotFound();
  const [products, names] = await Promise.all([
    getProductItemsByIds(found.prices.map((p) => p.productId)),
    loadCatalogNames(),
  ]);
  return pendingUpdates(found.customer, found.prices, products, names, readAt);
}

export async function reRunPricing(customerId: string): Promise<CustomerPricingUpdates> {
  return toCustomerPricingUpdates(await computeCustomerUpdates(customerId));
}
