import { randomUUID } from 'node:crypto';
import { diffChanges, type AddBrandBody, type Brand, type ProductLine, type UpdateBrandBody } from '@bo/shared';
import { type Actor, ConflictError } from '../../domain';
import { eq, exists, remove, transaction } from '../core';
import { logChange } from '../change-log';
import { defined } from '../defined';
import { mapLimit } from '../map-limit';
import { type BrandItem, brandEntity } from './entity';
import { productLineEntity } from './product-line-entity';
import { getBrandItem, readBrandWithLines } from './reads';
import { BRAND_FIELD_LABELS, brandNotFound, toBrand, toLine } from './records';

/** Every write has its change-log entry (entityType `brand`). */

export async function createBrand(input: AddBrandBody, by: Actor): Promise<Brand> {
  const now = new Date().toISOString();
  const brandId = randomUUID();
  const item: BrandItem = {
    ...input,
    brandId,
    excludeFromReporting: input.excludeFromReporting ?? false,
    hideInInventoryOverview: input.hideInInventoryOverview ?? false,
    limits: [],
    productCount: 0,
    version: 1,
    createdAt: now,
    modifiedOn: now,
  };
  const tx = transaction().put('brand', brandEntity, item, { ifAbsent: true });
  logChange(tx, {
    caller: by,
    entityType: 'brand',
    entityId: brandId,
    action: 'create',
    changes: diffChanges<AddBrandBody>(undefined, input, BRAND_FIELD_LABELS),
    at: now,
  });
  await tx.commit(() => new ConflictError('A brand with this id already exists'));
  return toBrand(item);
}

/** Brand fields, or `hideInInventoryOverview` alone. Optimistic: a concurrent edit gets a 409. */
export async function updateBrand(brandId: string, input: UpdateBrandBody, by: Actor): Promise<Brand> {
  const before = await getBrandItem(brandId);
  if (!before) throw brandNotFound();
  const changes = diffChanges<UpdateBrandBody>(before as UpdateBrandBody, input, BRAND_FIELD_LABELS);
  if (changes.length === 0) return toBrand(before);
  const now = new Date().toISOString();
  const tx = transaction().update(
    'brand',
    brandEntity,
    { brandId },
    { set: { ...defined(input), modifiedOn: now }, add: { version: 1 } },
    { condition: eq('version', before.version) },
  );
  logChange(tx, { caller: by, entityType: 'brand', entityId: brandId, action: 'update', changes, at: now });
  await tx.commit(() => new ConflictError('The brand changed while saving; reload and try again'));
  return toBrand((await getBrandItem(brandId)) ?? before);
}

const stillHasProducts = (count: number) =>
  new ConflictError(`This brand still has ${count} product${count === 1 ? '' : 's'}; move or delete them first`);

/** Product lines deleted in the brand's own transaction; a brand with more loses the rest right after. */
const LINES_IN_TRANSACTION = 90;

/**
 * Deletes a brand (and its product lines) only while it has no products: the delete carries the
 * condition `productCount = 0`, and every product create/move changes that count on the same item in
 * its own transaction, so a concurrent create either lands first (the delete is refused) or finds the
 * brand gone (the create is refused). Nothing is removed when refused.
 */
export async function removeBrand(brandId: string, by: Actor): Promise<void> {
  const { brand, productLine } = await readBrandWithLines(brandId);
  const before = brand[0];
  if (!before) throw brandNotFound();
  if (before.productCount > 0) throw stillHasProducts(before.productCount);
  const lines = productLine.slice(0, LINES_IN_TRANSACTION);
  const tx = transaction().delete(
    'brand',
    brandEntity,
    { brandId },
    { mustExist: true, condition: eq('productCount', 0) },
  );
  for (const l of lines) tx.delete(`line ${l.lineId}`, productLineEntity, { brandId, lineId: l.lineId });
  logChange(tx, {
    caller: by,
    entityType: 'brand',
    entityId: brandId,
    action: 'delete',
    changes: [{ name: 'Name', field: 'name', action: 'remove', previousValue: before.name }],
  });
  await tx
    .commit(() => new ConflictError('The brand changed while deleting; reload and try again'))
    .catch(async (error: unknown) => {
      const now = await getBrandItem(brandId);
      if (!now) throw brandNotFound();
      if (now.productCount > 0) throw stillHasProducts(now.productCount);
      throw error;
    });
  const rest = productLine.slice(lines.length);
  await mapLimit(rest, 8, (l) => remove(productLineEntity, { brandId, lineId: l.lineId }));
}

export async function createProductLine(brandId: string, input: { name: string }, by: Actor): Promise<ProductLine> {
  const now = new Date().toISOString();
  const item = { brandId, lineId: randomUUID(), name: input.name, createdAt: now };
  const tx = transaction()
    .check('brand', brandEntity, { brandId }, exists('name'))
    .put('product line', productLineEntity, item, { ifAbsent: true });
  logChange(tx, {
    caller: by,
    entityType: 'brand',
    entityId: brandId,
    action: 'update',
    changes: [
      { name: 'Product line', field: 'productLines', subfield: item.lineId, action: 'add', newValue: item.name },
    ],
    at: now,
  });
  await tx.commit((failed) =>
    failed.has('brand') ? brandNotFound() : new ConflictError('This product line already exists'),
  );
  return toLine(item);
}
