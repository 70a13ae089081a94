import type { Brand, FieldChange } from '@bo/shared';
import { type Actor, ConflictError, NotFoundError } from '../../domain';
import { eq, transaction } from '../core';
import { logChange } from '../change-log';
import { getNamedItem } from '../product-types/reads';
import { type BrandItem, type StoredLimit, brandEntity } from './entity';
import { getBrandItem } from './reads';
import { brandNotFound, limitChange, toBrand } from './records';

export interface StockLimitTarget {
  typeId?: string;
  weight?: number;
}

const limitKey = (t: { typeId: string; weight?: number }) =>
  `${t.typeId}${t.weight === undefined ? '' : `/${t.weight}`}`;

/** What setting one limit changes on the brand item, or undefined when it already holds. */
function planLimit(
  before: BrandItem,
  target: StockLimitTarget,
  maxStock: number | null,
): { change: FieldChange; set: Partial<BrandItem>; removeMax: boolean } | undefined {
  if (!target.typeId) {
    const prev = before.maxBrandStock ?? null;
    if (prev === maxStock) return undefined;
    return {
      change: limitChange('Brand limit', 'maxBrandStock', undefined, prev, maxStock),
      set: maxStock === null ? {} : { maxBrandStock: maxStock },
      removeMax: maxStock === null,
    };
  }
  const limits: StoredLimit[] = (before.limits ?? []).map((l) => ({ ...l }));
  const entry = { typeId: target.typeId, ...(target.weight === undefined ? {} : { weight: target.weight }) };
  const key = limitKey(entry);
  const index = limits.findIndex((l) => limitKey(l) === key);
  const prev = index >= 0 ? (limits[index]!.maxStock ?? null) : null;
  if (prev === maxStock) return undefined;
  const label = target.weight === undefined ? 'Type limit' : 'Weight limit';
  if (index >= 0) limits.splice(index, 1);
  if (maxStock !== null) limits.push({ ...entry, maxStock });
  return {
    change: limitChange(label, 'MaxProductStock', key, prev, maxStock),
    set: {
      limits: limits.map((l) => ({
        typeId: l.typeId,
        ...(l.weight === undefined ? {} : { weight: l.weight }),
        maxStock: l.maxStock ?? 0,
      })),
    },
    removeMax: false,
  };
}

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
  if (target.typeId && !(await getNamedItem('productType', target.typeId))) throw new NotFoundError('Type not found');
  for (let attempt = 0; ; attempt++) {
    const before = await getBrandItem(brandId);
    if (!before) throw brandNotFound();
    const plan = planLimit(before, target, maxStock);
    if (!plan) return toBrand(before);
    const now = new Date().toISOString();
    const tx = transaction().update(
      'brand',
      brandEntity,
      { brandId },
      {
        set: { ...plan.set, modifiedOn: now },
        add: { version: 1 },
        ...(plan.removeMax ? { remove: ['maxBrandStock'] } : {}),
      },
      { condition: eq('version', before.version) },
    );
    logChange(tx, {
      caller: by,
      entityType: 'brand',
      entityId: brandId,
      action: 'update',
      changes: [plan.change],
      at: now,
    });
    try {
      await tx.commit(() => new ConflictError('The brand changed while saving its limits; reload and try again'));
    } catch (error) {
      if (error instanceof ConflictError && attempt < 4) continue;
      throw error;
    }
    return toBrand((await getBrandItem(brandId)) ?? before);
  }
}
