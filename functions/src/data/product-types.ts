import { randomUUID } from 'node:crypto';
import { diffChanges, type ProductType } from '@bo/shared';
import { ConflictError, NotFoundError } from '../domain';
import { changeEntry } from './change-log';
import type { ExtractTypeItem, ProductTypeItem } from './entities/named';
import { db } from './service';
import { commitOrExplain, type Actor } from './transaction';

/** Product types and extract types (small named lists). Change-log entries use entityType `productType` / `extractType`. */

type Kind = 'productType' | 'extractType';
const LABELS = { name: 'Name', image: 'Image' } as const;
const KIND_NAME: Record<Kind, string> = { productType: 'Product type', extractType: 'Extract type' };

export type NamedInput = {
  name: string;
  image?: string;
};

const toNamed = (item: ProductTypeItem | ExtractTypeItem): ProductType => ({
  id: item.id,
  name: item.name,
  ...(item.image ? { image: item.image } : {}),
});

async function createNamed(kind: Kind, input: NamedInput, by: Actor): Promise<ProductType> {
  const now = new Date().toISOString();
  const item = { id: randomUUID(), name: input.name, ...(input.image ? { image: input.image } : {}) };
  await commitOrExplain(
    () =>
      db()
        .transaction.write((e) => [
          e[kind].create({ ...item, productCount: 0, createdAt: now, modifiedOn: now }).commit(),
          e.changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: kind,
                entityId: item.id,
                action: 'create',
                changes: diffChanges<NamedInput>(undefined, item, LABELS),
                at: now,
              }),
            )
            .commit(),
        ])
        .go(),
    () => new ConflictError(`${KIND_NAME[kind]} id already exists`),
  );
  return item;
}

async function listNamed(kind: Kind): Promise<Array<ProductType & { count: number }>> {
  const { data } = await (kind === 'productType'
    ? db().entities.productType.query.all({}).go({ pages: 'all' })
    : db().entities.extractType.query.all({}).go({ pages: 'all' }));
  return data
    .map((item) => ({ ...toNamed(item), count: item.productCount }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}

export const createProductType = (input: NamedInput, by: Actor) => createNamed('productType', input, by);
export const createExtractType = (input: NamedInput, by: Actor) => createNamed('extractType', input, by);

/** Every product type with its product count (kept by the product transactions). */
export const listProductTypesWithCount = () => listNamed('productType');
export const listProductTypes = async (): Promise<ProductType[]> =>
  (await listNamed('productType')).map(({ count: _count, ...t }) => t);
export const listExtractTypes = async (): Promise<ProductType[]> =>
  (await listNamed('extractType')).map(({ count: _count, ...t }) => t);

export async function getProductType(id: string): Promise<ProductType | undefined> {
  const { data } = await db().entities.productType.get({ id }).go();
  return data ? toNamed(data) : undefined;
}

export async function getExtractType(id: string): Promise<ProductType | undefined> {
  const { data } = await db().entities.extractType.get({ id }).go();
  return data ? toNamed(data) : undefined;
}

/** Renames a product type or sets its image. Listings join names at read time, so nothing else changes. */
export async function updateProductType(id: string, input: NamedInput, by: Actor): Promise<ProductType> {
  const { data: before } = await db().entities.productType.get({ id }).go();
  if (!before) throw new NotFoundError('Product type not found');
  const changes = diffChanges<NamedInput>(before, input, LABELS);
  if (changes.length === 0) return toNamed(before);
  const now = new Date().toISOString();
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ productType, changeLog }) => [
          productType
            .patch({ id })
            .set({ name: input.name, ...(input.image !== undefined ? { image: input.image } : {}), modifiedOn: now })
            .commit(),
          changeLog
            .create(
              changeEntry({ caller: by, entityType: 'productType', entityId: id, action: 'update', changes, at: now }),
            )
            .commit(),
        ])
        .go(),
    () => new NotFoundError('Product type not found'),
  );
  return { ...toNamed(before), name: input.name, ...(input.image !== undefined ? { image: input.image } : {}) };
}
