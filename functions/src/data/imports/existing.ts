import {
  cellText,
  type ExistingRecord,
  type ExistingRecords,
  type ImportKind,
  nameKey,
  priceKey,
  productNameKey,
} from '@bo/shared';
import { listBrands } from '../brands';
import { listProductTypes } from '../product-types';
import { listProducts, productIdsBySku } from '../products';
import { listCustomers } from '../customers';
import { pricesOf } from '../custom-pricing/reads';
import { mapLimit } from '../map-limit';

/**
 * What a dry run compares a file with (the import job's reads, off the request path): for each kind only what its
 * rows can match — every brand and type by name, every product (or for prices only the file's SKUs, one BatchGet
 * per 100), every customer by name, and the custom prices of the customers the file names.
 */

const byKey = <T extends { id: string }>(records: readonly T[], key: (r: T) => string) =>
  new Map<string, ExistingRecord>(records.map((r) => [key(r), { id: r.id, fields: r as Record<string, unknown> }]));

const NEEDS: Record<ImportKind, ReadonlyArray<'brands' | 'types' | 'products' | 'skus' | 'customers' | 'prices'>> = {
  brands: ['brands'],
  productTypes: ['types'],
  products: ['brands', 'types', 'products'],
  customers: ['customers'],
  customPrices: ['customers', 'skus', 'prices'],
};

/** The text of one column in each row (for the references a file names). */
const columnTexts = (
  rows: ReadonlyArray<{ cells: readonly unknown[] }>,
  indexes: ReadonlyMap<string, number>,
  field: string,
) => {
  const at = indexes.get(field);
  return at === undefined ? [] : [...new Set(rows.map((r) => cellText(r.cells[at])).filter(Boolean))];
};

export async function loadExisting(
  kind: ImportKind,
  indexes: ReadonlyMap<string, number>,
  rows: ReadonlyArray<{ cells: readonly unknown[] }>,
): Promise<ExistingRecords> {
  const needs = new Set(NEEDS[kind]);
  const [brands, types, products, skus, customers] = await Promise.all([
    needs.has('brands') ? listBrands() : [],
    needs.has('types') ? listProductTypes() : [],
    needs.has('products') ? listProducts() : [],
    needs.has('skus') ? productIdsBySku(columnTexts(rows, indexes, 'sku')) : new Map<string, string>(),
    needs.has('customers') ? listCustomers() : [],
  ]);
  const customerByName = byKey(customers, (c) => nameKey(c.customerName));
  const prices = new Map<string, number>();
  if (needs.has('prices')) {
    const ids = columnTexts(rows, indexes, 'customer')
      .map((name) => customerByName.get(nameKey(name))?.id)
      .filter((id): id is string => id !== undefined);
    await mapLimit([...new Set(ids)], 8, async (customerId) => {
      const { prices: current } = await pricesOf(customerId);
      for (const [productId, item] of current) prices.set(priceKey(customerId, productId), item.priceCents);
    });
  }
  const bySku = byKey(products, (p) => p.sku);
  for (const [sku, id] of skus) bySku.set(sku, { id, fields: { sku } });
  return {
    brands: byKey(brands, (b) => nameKey(b.name)),
    types: byKey(types, (t) => nameKey(t.name)),
    products: { bySku, byBrandAndName: byKey(products, (p) => productNameKey(p.brandID, p.name)) },
    customers: customerByName,
    prices,
  };
}
