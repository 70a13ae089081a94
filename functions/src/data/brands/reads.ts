import type { Brand, ProductLine } from '@bo/shared';
import { batchGet, get, queryAll, readCollection } from '../core';
import { type BrandItem, brandEntity } from './entity';
import { productLineEntity } from './product-line-entity';
import { brandNotFound, toBrand, toLine } from './records';

export const getBrandItem = (brandId: string): Promise<BrandItem | undefined> => get(brandEntity, { brandId });

/** The brands of these ids that exist (BatchGet, 100 keys a call). */
export const getBrandItems = (brandIds: readonly string[]): Promise<BrandItem[]> =>
  brandIds.length
    ? batchGet(
        brandEntity,
        [...new Set(brandIds)].map((brandId) => ({ brandId })),
      )
    : Promise.resolve([]);

export async function getBrand(brandId: string): Promise<Brand | undefined> {
  const item = await getBrandItem(brandId);
  return item ? toBrand(item) : undefined;
}

/** Every brand item, by name (one Query of the brands partition, all pages). */
export async function listBrandItems(): Promise<BrandItem[]> {
  const items = await queryAll(brandEntity, 'all', {});
  return items.sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}

export const listBrands = async (): Promise<Brand[]> => (await listBrandItems()).map(toBrand);

/** Brands with their product counts (the `productCount` the product transactions keep). */
export const listBrandsWithCount = async (): Promise<Array<Brand & { count: number }>> =>
  (await listBrandItems()).map((item) => ({ ...toBrand(item), count: item.productCount }));

/** A brand and its product lines: one Query of the brand's partition. */
export const readBrandWithLines = (brandId: string) =>
  readCollection({ brand: brandEntity, productLine: productLineEntity }, { brandId });

/** A brand's product lines by name; 404 when the brand does not exist. */
export async function listProductLines(brandId: string): Promise<ProductLine[]> {
  const { brand, productLine } = await readBrandWithLines(brandId);
  if (!brand[0]) throw brandNotFound();
  return productLine.map(toLine).sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}
