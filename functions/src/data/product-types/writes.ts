import { randomUUID } from 'node:crypto';
import { diffChanges, type ProductType } from '@bo/shared';
import { type Actor, ConflictError, NotFoundError } from '../../domain';
import { transaction } from '../core';
import { logChange } from '../change-log';
import { extractTypeEntity, productTypeEntity } from './entity';
import { getNamedItem } from './reads';
import { KIND_NAME, NAMED_LABELS, type NamedInput, type NamedKind, toNamed } from './records';

/** Change-log entries use entityType `productType` / `extractType`. */

async function createNamed(kind: NamedKind, input: NamedInput, by: Actor): Promise<ProductType> {
  const now = new Date().toISOString();
  const item = { id: randomUUID(), name: input.name, ...(input.image ? { image: input.image } : {}) };
  const entity = kind === 'productType' ? productTypeEntity : extractTypeEntity;
  const tx = transaction().put(
    kind,
    entity,
    { ...item, productCount: 0, createdAt: now, modifiedOn: now },
    {
      ifAbsent: true,
    },
  );
  logChange(tx, {
    caller: by,
    entityType: kind,
    entityId: item.id,
    action: 'create',
    changes: diffChanges<NamedInput>(undefined, item, NAMED_LABELS),
    at: now,
  });
  await tx.commit(() => new ConflictError(`${KIND_NAME[kind]} id already exists`));
  return item;
}

export const createProductType = (input: NamedInput, by: Actor) => createNamed('productType', input, by);
export const createExtractType = (input: NamedInput, by: Actor) => createNamed('extractType', input, by);

/** Renames a product type or sets its image. Listings join names at read time, so nothing else changes. */
export async function updateProductType(id: string, input: NamedInput, by: Actor): Promise<ProductType> {
  const before = await getNamedItem('productType', id);
  if (!before) throw new NotFoundError('Product type not found');
  const changes = diffChanges<NamedInput>(before, input, NAMED_LABELS);
  if (changes.length === 0) return toNamed(before);
  const now = new Date().toISOString();
  const set = { name: input.name, ...(input.image !== undefined ? { image: input.image } : {}), modifiedOn: now };
  const tx = transaction().update('product type', productTypeEntity, { id }, { set });
  logChange(tx, { caller: by, entityType: 'productType', entityId: id, action: 'update', changes, at: now });
  await tx.commit(() => new NotFoundError('Product type not found'));
  return { ...toNamed(before), name: input.name, ...(input.image !== undefined ? { image: input.image } : {}) };
}
