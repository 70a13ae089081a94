import { toDollars, type CustomerWithPricing, type CustomPrice, type Product } from '@bo/shared';
import { NotFoundError } from '../../domain';
import { query, readCollection } from '../core';
import { brandNotFound, getBrandItem } from '../brands';
import {
  type CustomerItem,
  customerEntity,
  customerNotFound,
  listCustomerItems,
  ownerOf,
  toCustomer,
} from '../customers';
import { mapLimit } from '../map-limit';
import { getNamedItem } from '../product-types';
import { listProductItemsByBrand, listProductItemsByType, loadCatalogNames, toProduct } from '../products';
import { readStockLedger } from '../stock-ledger';
import { type CustomPriceItem, customPriceEntity } from './entity';
import { priceHistoryEntity } from './history-entity';
import { toCustomPrice } from './records';

/** A customer and every custom price it has: one Query of the customer's partition (all pages). */
export async function getCustomerWithPriceItems(
  customerId: string,
): Promise<{ customer: CustomerItem; prices: CustomPriceItem[] } | undefined> {
  const { customer, customPrice } = await readCollection(
    { customer: customerEntity, customPrice: customPriceEntity },
    { customerId },
  );
  return customer[0] ? { customer: customer[0], prices: customPrice } : undefined;
}

export async function listCustomPrices(customerId: string): Promise<CustomPrice[]> {
  const found = await getCustomerWithPriceItems(customerId);
  if (!found) throw customerNotFound();
  return found.prices.map(toCustomPrice);
}

/** A customer with its custom prices: one Query of its partition, and a Get of the account owner's name. */
export async function getCustomerWithPricing(customerId: string): Promise<CustomerWithPricing> {
  const found = await getCustomerWithPriceItems(customerId);
  if (!found) throw customerNotFound();
  const owner = await ownerOf(found.customer.accountOwnerID);
  return { ...toCustomer(found.customer, owner), customPricings: found.prices.map(toCustomPrice) };
}

/** One customer's prices by product id: one Query, 404 when the customer does not exist. */
export async function pricesOf(customerId: string) {
  const found = await getCustomerWithPriceItems(customerId);
  if (!found) throw customerNotFound();
  return { customer: found.customer, prices: new Map(found.prices.map((p) => [p.productId, p])) };
}

/** Customers that have custom prices, each with its prices (the customers' Query, then one Query per such customer). */
export async function listCustomersWithPriceItems(): Promise<
  Array<{ customer: CustomerItem; prices: CustomPriceItem[] }>
> {
  const customers = (await listCustomerItems()).filter((c) => c.customPricingCount > 0);
  const out = await mapLimit(customers, 8, (c) => getCustomerWithPriceItems(c.customerId));
  return out.filter((c): c is NonNullable<typeof c> => !!c && c.prices.length > 0);
}

/** Every history entry of one customer's price for one product, newest first (a Query, paginated). */
export async function listPriceHistory(customerId: string, productId: string, page: { limit?: number } = {}) {
  const { items } = await query(
    priceHistoryEntity,
    'primary',
    { customerId, productId },
    { order: 'desc', limit: page.limit ?? 100 },
  );
  return items.map((h) => ({ price: toDollars(h.priceCents), date: h.date, source: h.source }));
}

/** A brand's or a type's products with the customer's custom price merged in as `customPrice`. */
export async function listProductsForCustomer(
  by: { brandId: string } | { typeId: string },
  customerId: string,
): Promise<Product[]> {
  const [items, names, pricing, exists, stock] = await Promise.all([
    'brandId' in by ? listProductItemsByBrand(by.brandId) : listProductItemsByType(by.typeId),
    loadCatalogNames(),
    pricesOf(customerId),
    'brandId' in by ? getBrandItem(by.brandId).then(Boolean) : getNamedItem('productType', by.typeId).then(Boolean),
    readStockLedger(),
  ]);
  if (!exists) throw 'brandId' in by ? brandNotFound() : new NotFoundError('Type not found');
  return items
    .map((item) => {
      const price = pricing.prices.get(item.productId);
      return { ...toProduct(item, names, stock), ...(price ? { customPrice: toDollars(price.priceCents) } : {}) };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}
