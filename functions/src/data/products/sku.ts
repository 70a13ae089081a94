import { formatSku, skuBrandCode, skuTypeCode } from '@bo/shared';
import { NotFoundError } from '../../domain';
import { get, update } from '../core';
import { type BrandItem, brandNotFound, getBrandItem } from '../brands';
import { getNamedItem } from '../product-types';
import { skuCounterEntity } from './sku-entity';

/**
 * SKU = brand code + type code + a 4-digit sequence per prefix (`ACM-FLO-0007`), the number taken from
 * the prefix's atomic counter; uniqueness is held by the SKU guard item the creating transaction adds.
 */

export const skuPrefix = (brand: Pick<BrandItem, 'name' | 'skucode'>, typeName: string) =>
  `${skuBrandCode(brand)}-${skuTypeCode(typeName)}`;

/** Takes `count` numbers from the prefix's counter (UpdateItem ADD, created on first use); returns the first. */
export async function takeSequence(prefix: string, count = 1): Promise<number> {
  const { seq } = await update(skuCounterEntity, { prefix }, { add: { seq: count } }, { mustExist: false });
  return (seq ?? count) - count + 1;
}

/** The SKU the next product of this brand and type would get; reads the counter, never takes a number. */
export async function previewSku(brandId: string, typeId: string): Promise<string> {
  const [brand, type] = await Promise.all([getBrandItem(brandId), getNamedItem('productType', typeId)]);
  if (!brand) throw brandNotFound();
  if (!type) throw new NotFoundError('Type not found');
  const counter = await get(skuCounterEntity, { prefix: skuPrefix(brand, type.name) });
  return formatSku(brand, type.name, (counter?.seq ?? 0) + 1);
}
