import { type Brand, type FieldChange, type ProductLine } from '@bo/shared';
import { NotFoundError } from '../../domain';
import type { BrandItem } from './entity';
import type { ProductLineItem } from './product-line-entity';

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

export const toLine = (item: ProductLineItem): ProductLine => ({
  id: item.lineId,
  brandId: item.brandId,
  name: item.name,
});

/** A change-log change of one stock limit (null: no limit). */
export const limitChange = (
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
