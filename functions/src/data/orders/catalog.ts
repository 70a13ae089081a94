import type { OrderLineInput } from '@bo/shared';
import { BadRequestError } from '../../domain';
import { batchGet } from '../core';
import type { listBrandItems } from '../brands';
import { type getProductItem, getProductItemsByIds, loadCatalogNames } from '../products';
import { type BatchItem as BatchRef, batchEntity as batchRef } from '../products/batch-entity';
import { skuGuardEntity as skuGuardRef } from '../products/sku-entity';
import type { StoredLine } from './entity';

/** The catalogue items orders read, typed by the catalogue module's own read functions. */
export type ProductItem = NonNullable<Awaited<ReturnType<typeof getProductItem>>>;
export type BrandItem = Awaited<ReturnType<typeof listBrandItems>>[number];
export type CatalogNames = Awaited<ReturnType<typeof loadCatalogNames>>;

/** What building an order's lines reads from the catalogue. */
export interface Catalog {
  productIdOf: Map<string, string>;
  products: Map<string, ProductItem>;
  batches: Map<string, BatchRef>;
  /** Loaded only when some line takes a fresh product snapshot. */
  names: CatalogNames | undefined;
}

type CatalogLine = Pick<OrderLineInput, 'id' | 'productSku' | 'productId' | 'productBatchId'>;

/**
 * What building lines needs from the catalogue, in as few round trips as it can: product ids come from the
 * order's existing lines or the client's `productId` (checked against the SKU), and only unknown SKUs cost a
 * SKU-guard lookup first. Products are read for lines that take a fresh snapshot; batches for every batch the
 * lines name (to check ownership and check-in); names only when a fresh snapshot needs them.
 */
export async function loadCatalog(
  lines: readonly CatalogLine[],
  existing: readonly StoredLine[] = [],
): Promise<Catalog> {
  const productIdOf = new Map(existing.map((l) => [l.sku, l.productId]));
  const kept = new Map(existing.map((l) => [l.id, l.sku]));
  for (const l of lines) if (l.productId && !productIdOf.has(l.productSku)) productIdOf.set(l.productSku, l.productId);
  const unknown = [...new Set(lines.map((l) => l.productSku))].filter((sku) => !productIdOf.has(sku));
  if (unknown.length > 0) {
    const guards = await batchGet(
      skuGuardRef,
      unknown.map((sku) => ({ sku })),
    );
    for (const g of guards) productIdOf.set(g.sku, g.productId);
    const missing = unknown.filter((s) => !productIdOf.has(s));
    if (missing.length > 0) throw new BadRequestError(`Unknown product SKU: ${missing.slice(0, 5).join(', ')}`);
  }
  const fresh = lines.filter((l) => !(l.id && kept.get(l.id) === l.productSku));
  const batchKeys = [
    ...new Map(
      lines
        .filter((l) => l.productBatchId)
        .map((l) => [l.productBatchId!, { productId: productIdOf.get(l.productSku)!, batchId: l.productBatchId! }]),
    ).values(),
  ];
  const [products, batches, names] = await Promise.all([
    fresh.length
      ? getProductItemsByIds(fresh.map((l) => productIdOf.get(l.productSku)!))
      : new Map<string, ProductItem>(),
    batchKeys.length ? batchGet(batchRef, batchKeys) : [],
    fresh.length ? loadCatalogNames() : undefined,
  ]);
  for (const l of fresh) {
    const product = products.get(productIdOf.get(l.productSku)!);
    if (!product || product.sku !== l.productSku) throw new BadRequestError(`Unknown product SKU: ${l.productSku}`);
  }
  return { productIdOf, products, batches: new Map(batches.map((b) => [b.batchId, b])), names };
}

/** The batches of these keys by id (one BatchGet): what a status change that takes batch units checks. */
export async function getBatches(keys: ReadonlyArray<{ productId: string; batchId: string }>) {
  const found = keys.length ? await batchGet(batchRef, keys) : [];
  return new Map(found.map((b) => [b.batchId, b]));
}
