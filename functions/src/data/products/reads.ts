import type { Product } from '@bo/shared';
import { NotFoundError } from '../../domain';
import { batchGet, get, queryAll, readCollection } from '../core';
import { type BrandItem, brandNotFound, getBrandItem } from '../brands';
import { mapLimit } from '../map-limit';
import { readStockFor, readStockLedger } from '../stock-ledger';
import { type BatchItem, batchEntity } from './batch-entity';
import { PRODUCT_LIST_SHARDS, type ProductItem, productEntity } from './entity';
import { loadCatalogNames, namesFor } from './names';
import { byName, sortBatches, toBatch, toProduct } from './records';
import { skuGuardEntity } from './sku-entity';

/** Every product item: the listing shards queried in parallel, each through all its pages. */
export async function listProductItems(): Promise<ProductItem[]> {
  const shards = await Promise.all(
    Array.from({ length: PRODUCT_LIST_SHARDS }, (_, shard) => queryAll(productEntity, 'all', { shard: String(shard) })),
  );
  return shards.flat();
}

/** Every product, by name, with brand/type names joined from their lists. */
export async function listProducts(): Promise<Product[]> {
  const [items, names, stock] = await Promise.all([listProductItems(), loadCatalogNames(), readStockLedger()]);
  return items.map((item) => toProduct(item, names, stock)).sort(byName);
}

/** A brand's products (one GSI Query, all pages). */
export const listProductItemsByBrand = (brandId: string): Promise<ProductItem[]> =>
  queryAll(productEntity, 'byBrand', { brandID: brandId });

/** A product type's products (one GSI Query, all pages). */
export const listProductItemsByType = (typeId: string): Promise<ProductItem[]> =>
  queryAll(productEntity, 'byType', { typeID: typeId });

/**
 * The products with these ids that exist (BatchGetItem, 100 keys a call, four calls at once; keys the
 * table could not serve in one round are asked again).
 */
export async function getProductItemsByIds(ids: readonly string[]): Promise<Map<string, ProductItem>> {
  const unique = [...new Set(ids)];
  const chunks = Array.from({ length: Math.ceil(unique.length / 100) }, (_, i) => unique.slice(i * 100, i * 100 + 100));
  const found = await mapLimit(chunks, 4, (chunk) =>
    batchGet(
      productEntity,
      chunk.map((productId) => ({ productId })),
    ),
  );
  return new Map(found.flat().map((item) => [item.productId, item]));
}

/** A brand's products (one GSI Query); 404 when the brand does not exist. */
export async function listProductsByBrand(brandId: string): Promise<{ brand: BrandItem; products: Product[] }> {
  const [brand, items, names, stock] = await Promise.all([
    getBrandItem(brandId),
    listProductItemsByBrand(brandId),
    loadCatalogNames(),
    readStockLedger(),
  ]);
  if (!brand) throw brandNotFound();
  return { brand, products: items.map((item) => toProduct(item, names, stock)).sort(byName) };
}

/** One product and its batches: one Query of the product's partition. */
export async function getProductWithBatches(
  productId: string,
): Promise<{ item: ProductItem; batches: BatchItem[] } | undefined> {
  const { product, batch } = await readCollection({ product: productEntity, batch: batchEntity }, { productId });
  const item = product[0];
  return item ? { item, batches: batch } : undefined;
}

export const getProductItem = (productId: string): Promise<ProductItem | undefined> =>
  get(productEntity, { productId });

/** The product with its batches (`orderBatches`), or undefined. */
export async function getProduct(productId: string): Promise<Product | undefined> {
  const [found, stock] = await Promise.all([getProductWithBatches(productId), readStockFor([productId])]);
  if (!found) return undefined;
  return toProduct(found.item, await namesFor([found.item]), stock, found.batches);
}

/** The SKU's product and batches: a Get of the SKU guard, then one Query of the product's partition. */
export async function getBySku(sku: string) {
  const guard = await get(skuGuardEntity, { sku });
  const [found, stock] = guard
    ? await Promise.all([getProductWithBatches(guard.productId), readStockFor([guard.productId])])
    : [undefined, undefined];
  if (!found || !stock) throw new NotFoundError('Unknown SKU');
  if (!found.item.hasBatch || found.batches.length === 0) throw new NotFoundError('No batch for this SKU');
  return {
    sku: found.item.sku,
    productId: found.item.productId,
    name: found.item.name,
    hasBatch: true as const,
    batches: sortBatches(found.batches).map((b) => toBatch(b, stock)),
  };
}

/** The product ids of these SKUs, for those that have one (one BatchGet of the SKU guards). */
export async function productIdsBySku(skus: readonly string[]): Promise<Map<string, string>> {
  const guards = await batchGet(
    skuGuardEntity,
    [...new Set(skus)].map((sku) => ({ sku })),
  );
  return new Map(guards.map((g) => [g.sku, g.productId]));
}

/** The batches with these keys that exist (one BatchGet). */
export const getBatchItems = (keys: ReadonlyArray<{ productId: string; batchId: string }>): Promise<BatchItem[]> =>
  batchGet(batchEntity, keys);
