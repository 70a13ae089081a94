import type { ProductType } from '@bo/shared';
import { batchGet, get, queryAll } from '../core';
import { type NamedItem, extractTypeEntity, productTypeEntity } from './entity';
import { type NamedKind, toNamed } from './records';

const entityOf = (kind: NamedKind) => (kind === 'productType' ? productTypeEntity : extractTypeEntity);

/** Every item of the kind (one Query of its GSI partition, all pages). */
export const listNamedItems = (kind: NamedKind): Promise<NamedItem[]> => queryAll(entityOf(kind), 'all', {});

export const getNamedItem = (kind: NamedKind, id: string): Promise<NamedItem | undefined> =>
  get(entityOf(kind), { id });

/** The items of the kind with these ids that exist (one BatchGet). */
export const getNamedItems = (kind: NamedKind, ids: readonly string[]): Promise<NamedItem[]> =>
  ids.length
    ? batchGet(
        entityOf(kind),
        [...new Set(ids)].map((id) => ({ id })),
      )
    : Promise.resolve([]);

async function listNamed(kind: NamedKind): Promise<Array<ProductType & { count: number }>> {
  return (await listNamedItems(kind))
    .map((item) => ({ ...toNamed(item), count: item.productCount }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}

/** Every product type with its product count (kept by the product transactions). */
export const listProductTypesWithCount = () => listNamed('productType');
export const listProductTypes = async (): Promise<ProductType[]> =>
  (await listNamed('productType')).map(({ count: _count, ...t }) => t);
export const listExtractTypes = async (): Promise<ProductType[]> =>
  (await listNamed('extractType')).map(({ count: _count, ...t }) => t);

export async function getProductType(id: string): Promise<ProductType | undefined> {
  const item = await getNamedItem('productType', id);
  return item ? toNamed(item) : undefined;
}

export async function getExtractType(id: string): Promise<ProductType | undefined> {
  const item = await getNamedItem('extractType', id);
  return item ? toNamed(item) : undefined;
}
