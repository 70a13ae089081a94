import { randomUUID } from 'node:crypto';
import {
  diffChanges,
  type AddBrandBody,
  type Brand,
  type FieldChange,
  type MaxProductStock,
  type ProductLine,
  type UpdateBrandBody,
} from '@bo/shared';
import { ConflictError, NotFoundError } from '../domain';
import { changeEntry } from './change-log';
import type { BrandItem } from './entities/brand';
import type { ProductLineItem } from './entities/product-line';
import { db } from './service';
import { commitOrExplain, type Actor } from './transaction';

/** Brands, their product lines and stock limits. Every write has its change-log entry (entityType `brand`). */

export const BRAND_FIELD_LABELS = {
  name: 'Name',
  image: 'Image',
  brandRepName: 'Rep name',
  brandRepPhone: 'Rep phone',
  brandRepEmail: 'Rep email',
  brandManagerId: 'Brand manager',
  website: 'Website',
  skucode: 'SKU code',
  defaultLocationId: 'Default location',
  excludeFromReporting: 'Exclude from reporting',
  hideInInventoryOverview: 'Hide in inventory overview',
} as const;

export const brandNotFound = () => new NotFoundError('Brand not found');

export const toBrand = (item: BrandItem): Brand => {
  const optional = (key: keyof typeof BRAND_FIELD_LABELS) => (item[key] ? { [key]: item[key] } : {});
  return {
    id: item.brandId,
    name: item.name,
    ...optional('image'),
    ...optional('brandRepName'),
    ...optional('brandRepPhone'),
    ...optional('brandRepEmail'),
    ...optional('brandManagerId'),
    ...optional('website'),
    ...optional('skucode'),
    ...optional('defaultLocationId'),
    excludeFromReporting: item.excludeFromReporting,
    maxBrandStock: item.maxBrandStock ?? null,
    MaxProductStock: (item.limits ?? []).map((l) => ({
      typeId: l.typeId,
      ...(l.weight === undefined ? {} : { weight: l.weight }),
      maxStock: l.maxStock,
    })),
    hideInInventoryOverview: item.hideInInventoryOverview,
    createdAt: item.createdAt,
    modifiedOn: item.modifiedOn,
  };
};

export async function getBrandItem(brandId: string): Promise<BrandItem | undefined> {
  const { data } = await db().entities.brand.get({ brandId }).go();
  return data ?? undefined;
}

export async function getBrand(brandId: string): Promise<Brand | undefined> {
  const item = await getBrandItem(brandId);
  return item ? toBrand(item) : undefined;
}

/** Every brand item (one Query of the brands partition, all pages). */
export async function listBrandItems(): Promise<BrandItem[]> {
  const { data } = await db().entities.brand.query.all({}).go({ pages: 'all' });
  return data.sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}

export const listBrands = async (): Promise<Brand[]> => (await listBrandItems()).map(toBrand);

/** Brands with their product counts (the `productCount` the product transactions keep). */
export const listBrandsWithCount = async (): Promise<Array<Brand & { count: number }>> =>
  (await listBrandItems()).map((item) => ({ ...toBrand(item), count: item.productCount }));

export async function createBrand(input: AddBrandBody, by: Actor): Promise<Brand> {
  const now = new Date().toISOString();
  const brandId = randomUUID();
  const item = {
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
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ brand, changeLog }) => [
          brand.create(item).commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'brand',
                entityId: brandId,
                action: 'create',
                changes: diffChanges<AddBrandBody>(undefined, input, BRAND_FIELD_LABELS),
                at: now,
              }),
            )
            .commit(),
        ])
        .go(),
    () => new ConflictError('A brand with this id already exists'),
  );
  return toBrand(item as BrandItem);
}

/** Brand fields, or `hideInInventoryOverview` alone. Optimistic: a concurrent edit gets a 409. */
export async function updateBrand(brandId: string, input: UpdateBrandBody, by: Actor): Promise<Brand> {
  const before = await getBrandItem(brandId);
  if (!before) throw brandNotFound();
  const changes = diffChanges<UpdateBrandBody>(before as UpdateBrandBody, input, BRAND_FIELD_LABELS);
  if (changes.length === 0) return toBrand(before);
  const now = new Date().toISOString();
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ brand, changeLog }) => [
          brand
            .patch({ brandId })
            .set({ ...input, modifiedOn: now })
            .add({ version: 1 })
            .where(({ version }, { eq }) => eq(version, before.version))
            .commit(),
          changeLog
            .create(
              changeEntry({ caller: by, entityType: 'brand', entityId: brandId, action: 'update', changes, at: now }),
            )
            .commit(),
        ])
        .go(),
    () => new ConflictError('The brand changed while saving; reload and try again'),
  );
  return toBrand((await getBrandItem(brandId)) ?? before);
}

const stillHasProducts = (count: number) =>
  new ConflictError(`This brand still has ${count} product${count === 1 ? '' : 's'}; move or delete them first`);

/**
 * Deletes a brand (and its product lines) only while it has no products: the delete carries the
 * condition `productCount = 0`, and every product create/move changes that count on the same item in
 * its own transaction, so a concurrent create either lands first (the delete is refused) or finds the
 * brand gone (the create is refused). Nothing is removed when refused.
 */
export async function removeBrand(brandId: string, by: Actor): Promise<void> {
  const { data } = await db().collections.brandLines({ brandId }).go({ pages: 'all' });
  const before = data.brand[0];
  if (!before) throw brandNotFound();
  if (before.productCount > 0) throw stillHasProducts(before.productCount);
  const lines = data.productLine.slice(0, 90);
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ brand, productLine, changeLog }) => [
          brand
            .remove({ brandId })
            .where(({ productCount }, { eq }) => eq(productCount, 0))
            .commit(),
          ...lines.map((l) => productLine.delete({ brandId, lineId: l.lineId }).commit()),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'brand',
                entityId: brandId,
                action: 'delete',
                changes: [{ name: 'Name', field: 'name', action: 'remove', previousValue: before.name }],
              }),
            )
            .commit(),
        ])
        .go(),
    () => new ConflictError('The brand changed while deleting; reload and try again'),
  ).catch(async (error: unknown) => {
    const now = await getBrandItem(brandId);
    if (!now) throw brandNotFound();
    if (now.productCount > 0) throw stillHasProducts(now.productCount);
    throw error;
  });
  // A brand with more product lines than one transaction holds: the rest go after the brand.
  const rest = data.productLine.slice(lines.length);
  if (rest.length > 0)
    await db()
      .entities.productLine.delete(rest.map((l) => ({ brandId, lineId: l.lineId })))
      .go();
}

export interface StockLimitTarget {
  typeId?: string;
  weight?: number;
}

const limitKey = (t: { typeId: string; weight?: number }) =>
  `${t.typeId}${t.weight === undefined ? '' : `/${t.weight}`}`;

/**
 * Sets or clears (null) one stock limit: the brand's (no typeId), a type's, or a type at one weight.
 * The limits live on the brand item; the read-modify-write is guarded by the brand's version and
 * retried when another limit was saved at the same time. The type must exist (404 otherwise).
 */
export async function setStockLimit(
  brandId: string,
  target: StockLimitTarget,
  maxStock: number | null,
  by: Actor,
): Promise<Brand> {
  if (target.typeId) {
    const { data: type } = await db().entities.productType.get({ id: target.typeId }).go();
    if (!type) throw new NotFoundError('Type not found');
  }
  for (let attempt = 0; ; attempt++) {
    const before = await getBrandItem(brandId);
    if (!before) throw brandNotFound();
    const limits: MaxProductStock[] = (before.limits ?? []).map((l) => ({ ...l }));
    let change: FieldChange | undefined;
    let set: { maxBrandStock?: number; limits?: typeof before.limits } = {};
    let removeMax = false;
    if (!target.typeId) {
      const prev = before.maxBrandStock ?? null;
      if (prev !== maxStock) {
        change = limitChange('Brand limit', 'maxBrandStock', undefined, prev, maxStock);
        if (maxStock === null) removeMax = true;
        else set = { maxBrandStock: maxStock };
      }
    } else {
      const entry = { typeId: target.typeId, ...(target.weight === undefined ? {} : { weight: target.weight }) };
      const key = limitKey(entry);
      const index = limits.findIndex((l) => limitKey(l) === key);
      const prev = index >= 0 ? (limits[index]!.maxStock ?? null) : null;
      if (prev !== maxStock) {
        const label = target.weight === undefined ? 'Type limit' : 'Weight limit';
        change = limitChange(label, 'MaxProductStock', key, prev, maxStock);
        if (index >= 0) limits.splice(index, 1);
        if (maxStock !== null) limits.push({ ...entry, maxStock });
        set = {
          limits: limits.map((l) => ({
            typeId: l.typeId,
            ...(l.weight === undefined ? {} : { weight: l.weight }),
            maxStock: l.maxStock ?? 0,
          })),
        };
      }
    }
    if (!change) return toBrand(before);
    const now = new Date().toISOString();
    const entry = changeEntry({
      caller: by,
      entityType: 'brand',
      entityId: brandId,
      action: 'update',
      changes: [change],
      at: now,
    });
    try {
      await commitOrExplain(
        () =>
          db()
            .transaction.write(({ brand, changeLog }) => {
              const patch = brand
                .patch({ brandId })
                .set({ ...set, modifiedOn: now })
                .add({ version: 1 });
              return [
                (removeMax ? patch.remove(['maxBrandStock']) : patch)
                  .where(({ version }, { eq }) => eq(version, before.version))
                  .commit(),
                changeLog.create(entry).commit(),
              ];
            })
            .go(),
        () => new ConflictError('The brand changed while saving its limits; reload and try again'),
      );
    } catch (error) {
      if (error instanceof ConflictError && attempt < 4) continue;
      throw error;
    }
    return toBrand((await getBrandItem(brandId)) ?? before);
  }
}

const limitChange = (
  name: string,
  field: string,
  subfield: string | undefined,
  prev: number | null,
  next: number | null,
): FieldChange => ({
  name,
  field,
  ...(subfield === undefined ? {} : { subfield }),
  action: prev === null ? 'add' : next === null ? 'remove' : 'update',
  ...(prev === null ? {} : { previousValue: prev }),
  ...(next === null ? {} : { newValue: next }),
});

const toLine = (item: ProductLineItem): ProductLine => ({ id: item.lineId, brandId: item.brandId, name: item.name });

/** A brand's product lines (one Query of the brand's partition); 404 when the brand does not exist. */
export async function listProductLines(brandId: string): Promise<ProductLine[]> {
  const { data } = await db().collections.brandLines({ brandId }).go({ pages: 'all' });
  if (!data.brand[0]) throw brandNotFound();
  return data.productLine.map(toLine).sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}

export async function createProductLine(brandId: string, input: { name: string }, by: Actor): Promise<ProductLine> {
  const now = new Date().toISOString();
  const item = { brandId, lineId: randomUUID(), name: input.name, createdAt: now };
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ brand, productLine, changeLog }) => [
          brand
            .check({ brandId })
            .where(({ name }, { exists }) => exists(name))
            .commit(),
          productLine.create(item).commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'brand',
                entityId: brandId,
                action: 'update',
                changes: [
                  {
                    name: 'Product line',
                    field: 'productLines',
                    subfield: item.lineId,
                    action: 'add',
                    newValue: item.name,
                  },
                ],
                at: now,
              }),
            )
            .commit(),
        ])
        .go(),
    (failed) => (failed.includes(0) ? brandNotFound() : new ConflictError('This product line already exists')),
  );
  return toLine(item);
}
