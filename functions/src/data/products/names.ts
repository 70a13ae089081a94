import { batchGet } from '../core';
import { type BrandItem, brandEntity, listBrandItems } from '../brands';
import { getNamedItems, listNamedItems } from '../product-types';
import type { ProductItem } from './entity';
import type { CatalogNames } from './records';

const nameMap = <T extends { name: string }>(items: T[], id: (t: T) => string) =>
  new Map(items.map((t) => [id(t), { name: t.name }]));

/** Every brand, type and extract type name: three small Queries, run in parallel. */
export async function loadCatalogNames(): Promise<CatalogNames & { brandItems: BrandItem[] }> {
  const [brandItems, types, extracts] = await Promise.all([
    listBrandItems(),
    listNamedItems('productType'),
    listNamedItems('extractType'),
  ]);
  return {
    brandItems,
    brands: nameMap(brandItems, (b) => b.brandId),
    types: nameMap(types, (t) => t.id),
    extractTypes: nameMap(extracts, (t) => t.id),
  };
}

/** The names some products need: BatchGets of their brands, types and extract types, in parallel. */
export async function namesFor(
  items: Array<Pick<ProductItem, 'brandID' | 'typeID' | 'extractTypeID'>>,
): Promise<CatalogNames> {
  const unique = <T>(values: Array<T | undefined>) => [...new Set(values.filter((v): v is T => v !== undefined))];
  const [brands, types, extracts] = await Promise.all([
    batchGet(
      brandEntity,
      unique(items.map((i) => i.brandID)).map((brandId) => ({ brandId })),
    ),
    getNamedItems('productType', unique(items.map((i) => i.typeID))),
    getNamedItems('extractType', unique(items.map((i) => i.extractTypeID))),
  ]);
  return {
    brands: nameMap(brands, (b) => b.brandId),
    types: nameMap(types, (t) => t.id),
    extractTypes: nameMap(extracts, (t) => t.id),
  };
}
