import type { Genetics } from '@bo/shared';
import { createBrand, listNamedItems, listProductItemsByBrand, type Actor, type ProductItem } from '@bo/functions/data';
import { createProductsBulk, type BulkProduct } from '@bo/functions/data/seed';

const STRAINS: Array<[string, Genetics]> = [
  ['Blue Dream', 'HYBRID'],
  ['Sour Diesel', 'SATIVA'],
  ['Wedding Cake', 'INDICA'],
  ['Runtz', 'HYBRID'],
  ['Northern Lights', 'INDICA'],
  ['Jack Herer', 'SATIVA'],
];
const WEIGHTS = [0.5, 1, 3.5, 7, 14, 28];

/**
 * One brand with `count` products for the purchasing bench, through the catalogue's bulk seeding path (as the
 * catalogue fixture seeds its products): every product type, six weights, stock 0–199, and every type but
 * Edible batched (a received line then checks in a batch). All ACTIVE, so each may be ordered.
 */
export async function seedBenchBrand(
  name: string,
  count: number,
  actor: Actor,
): Promise<{ id: string; name: string; products: ProductItem[] }> {
  const types = (await listNamedItems('productType')).sort((a, b) => a.name.localeCompare(b.name));
  const brand = await createBrand(
    {
      name,
      skucode: name
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 5)
        .toUpperCase(),
      brandRepName: 'Bench Rep',
    },
    actor,
  );
  const products: BulkProduct[] = Array.from({ length: count }, (_, p) => {
    const type = types[p % types.length]!;
    const weight = WEIGHTS[Math.floor(p / types.length) % WEIGHTS.length]!;
    const [strain, genetics] = STRAINS[Math.floor(p / (types.length * WEIGHTS.length)) % STRAINS.length]!;
    const cost = 5 + (p % 40);
    return {
      name: `${strain} ${type.name} ${weight} g #${p + 1}`,
      brandID: brand.id,
      typeID: type.id,
      genetics,
      status: 'ACTIVE',
      weight,
      unitQuantity: 10,
      cost,
      basePrice: cost * 2,
      msrp: cost * 3,
      discountEligible: true,
      hasBatch: type.name !== 'Edible',
      hideFromCatalog: false,
      stock: (p * 37) % 200,
      productLineIDs: [],
    };
  });
  for (let i = 0; i < products.length; i += 500) await createProductsBulk(products.slice(i, i + 500), actor);
  const items = (await listProductItemsByBrand(brand.id)).sort((a, b) => a.sku.localeCompare(b.sku));
  return { id: brand.id, name: brand.name, products: items };
}
