import type { Brand, Product } from '../../schemas/catalog';

/**
 * Stock limits as Edit Brand Stock Limits stores them: a brand limit (`maxBrandStock`), a limit per product
 * type (a `MaxProductStock` entry without weight) and per type and weight (an entry with weight). Each limit
 * caps the summed stock of its group of products, as the inventory overview compares them
 * (`stockAgainstLimits`): the brand limit caps all the brand's products together, a type limit the
 * products of that type, a weight limit those of that type and weight.
 */

export type LimitLevel = 'weight' | 'type' | 'brand';
export type LimitBrand = Pick<Brand, 'maxBrandStock' | 'MaxProductStock'>;
export type LimitProduct = Pick<Product, 'typeID'> & { weight?: number | null };

export interface LimitGroup {
  level: LimitLevel;
  /** 'brand', 'type:<typeId>' or 'weight:<typeId>:<grams>'. */
  key: string;
  limit: number;
}

const limitValue = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Math.max(0, Math.floor(value));

/** Every set limit whose group holds the product, most specific first: weight, type, brand. */
export function limitGroupsOf(brand: LimitBrand, product: LimitProduct): LimitGroup[] {
  const groups: LimitGroup[] = [];
  const weight = product.weight ?? undefined;
  if (weight !== undefined) {
    const entry = brand.MaxProductStock.find((m) => m.typeId === product.typeID && m.weight === weight);
    const limit = limitValue(entry?.maxStock);
    if (limit !== null) groups.push({ level: 'weight', key: `weight:${product.typeID}:${weight}`, limit });
  }
  const typeEntry = brand.MaxProductStock.find(
    (m) => m.typeId === product.typeID && (m.weight ?? undefined) === undefined,
  );
  const typeLimit = limitValue(typeEntry?.maxStock);
  if (typeLimit !== null) groups.push({ level: 'type', key: `type:${product.typeID}`, limit: typeLimit });
  const brandLimit = limitValue(brand.maxBrandStock);
  if (brandLimit !== null) groups.push({ level: 'brand', key: 'brand', limit: brandLimit });
  return groups;
}

/** The limit of a product: its weight limit, else its type limit, else the brand limit; null when none is set. */
export const limitOf = (brand: LimitBrand, product: LimitProduct): LimitGroup | null =>
  limitGroupsOf(brand, product)[0] ?? null;
