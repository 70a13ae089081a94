import type { Genetics, ProductStatus } from '@bo/shared';
import {
  createBrand,
  createExtractType,
  createProductLine,
  createProductType,
  setStockLimit,
  type Actor,
} from '@bo/functions/data';
import { createProductsBulk, type BulkProduct } from '@bo/functions/data/seed';
import { random } from './random';

/**
 * A realistic demo catalogue (brands with their types, weights, batches, lines and limits), generated
 * deterministically so every fresh stack looks the same. The benchmark uses the same generator at scale.
 */

const TYPES: Array<{
  name: string;
  weights: number[];
  unitQuantity: number;
  price: [number, number];
  extract?: boolean;
}> = [
  { name: 'Flower', weights: [3.5, 7, 14, 28], unitQuantity: 8, price: [18, 160] },
  { name: 'Pre-Roll', weights: [0.5, 1, 3.5], unitQuantity: 24, price: [4, 30] },
  { name: 'Vape', weights: [0.5, 1], unitQuantity: 10, price: [16, 38], extract: true },
  { name: 'Concentrate', weights: [1, 2], unitQuantity: 10, price: [18, 55], extract: true },
  { name: 'Edible', weights: [100], unitQuantity: 12, price: [8, 22] },
  { name: 'Tincture', weights: [30], unitQuantity: 6, price: [20, 48], extract: true },
];
const EXTRACTS = ['Live Resin', 'Distillate', 'Rosin', 'Shatter', 'Badder'];
const STRAINS: Array<[string, Genetics]> = [
  ['Blue Dream', 'HYBRID'],
  ['OG Kush', 'HYBRID'],
  ['Sour Diesel', 'SATIVA'],
  ['Gelato', 'HYBRID'],
  ['Wedding Cake', 'INDICA'],
  ['Granddaddy Purple', 'INDICA'],
  ['Pineapple Express', 'SATIVA'],
  ['Northern Lights', 'INDICA'],
  ['Jack Herer', 'SATIVA'],
  ['Zkittlez', 'INDICA'],
  ['Green Crack', 'SATIVA'],
  ['Purple Punch', 'INDICA'],
  ['Durban Poison', 'SATIVA'],
  ['Ice Cream Cake', 'INDICA'],
  ['Runtz', 'HYBRID'],
  ['Lemon Haze', 'SATIVA'],
];
const BRAND_WORDS = [
  'Acme',
  'Blue River',
  'Coastal',
  'Desert Bloom',
  'Evergreen',
  'Golden Hour',
  'Harbor',
  'Ironwood',
  'Juniper',
  'Kettle Falls',
  'Lumen',
  'Moonrise',
];
const BRAND_KINDS = ['Farms', 'Extracts', 'Cultivators', 'Labs', 'Gardens', 'Co.'];
const REPS = ['Alex Rivera', 'Jordan Lee', 'Casey Morgan', 'Taylor Brooks', 'Riley Chen', 'Morgan Patel'];
const LINES = ['Reserve', 'Everyday', 'Small Batch', 'Craft'];

export interface CatalogSize {
  brands: number;
  productsPerBrand: number;
  seed?: number;
}

export interface SeededCatalog {
  brands: number;
  products: number;
  types: number;
  extractTypes: number;
  ms: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The demo products are dated this many days back, before the oldest demo order (orders-fixture: the last 60
 * days), so a product's stock history starts with its opening stock and the orders' movements follow it.
 */
export const CATALOG_AGE_DAYS = 61;

export async function seedCatalog(size: CatalogSize, actor: Actor): Promise<SeededCatalog> {
  const started = Date.now();
  const rnd = random(size.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

  const types = [];
  for (const t of TYPES) types.push({ ...t, id: (await createProductType({ name: t.name }, actor)).id });
  const extracts = [];
  for (const name of EXTRACTS) extracts.push((await createExtractType({ name }, actor)).id);

  const brands = [];
  for (let b = 0; b < size.brands; b++) {
    const word = BRAND_WORDS[b % BRAND_WORDS.length]!;
    const kind = BRAND_KINDS[(b + Math.floor(b / BRAND_WORDS.length)) % BRAND_KINDS.length]!;
    const round = Math.floor(b / (BRAND_WORDS.length * BRAND_KINDS.length));
    const name = `${word} ${kind}${round ? ` ${round + 1}` : ''}`;
    const rep = pick(REPS);
    const brand = await createBrand(
      {
        name,
        skucode: `${word
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 3)
          .toUpperCase()}${b >= BRAND_WORDS.length ? b : ''}`.slice(0, 8),
        brandRepName: rep,
        brandRepEmail: `${rep.split(' ')[0]!.toLowerCase()}@${word.toLowerCase().replace(/\s/g, '')}.example.com`,
        brandRepPhone: `(555) ${String(100 + b).padStart(3, '0')}-${String(1000 + b * 7).slice(-4)}`,
        website: `https://${word.toLowerCase().replace(/\s/g, '')}.example.com`,
        excludeFromReporting: b % 9 === 8,
        hideInInventoryOverview: b % 11 === 10,
      },
      actor,
    );
    const lines = [];
    for (const line of LINES.slice(0, 1 + (b % 3)))
      lines.push((await createProductLine(brand.id, { name: line }, actor)).id);
    brands.push({ ...brand, lines, typeIds: types.filter((_, i) => (b + i) % 4 !== 3) });
  }

  const products: BulkProduct[] = [];
  for (const brand of brands) {
    for (let p = 0; p < size.productsPerBrand; p++) {
      const type = brand.typeIds[p % brand.typeIds.length]!;
      const weight = type.weights[Math.floor(p / brand.typeIds.length) % type.weights.length]!;
      const [strain, genetics] = STRAINS[(p * 7 + brand.name.length) % STRAINS.length]!;
      const extractTypeID = type.extract ? extracts[(p + brand.lines.length) % extracts.length] : undefined;
      const base = cents(
        type.price[0] + (type.price[1] - type.price[0]) * (weight / Math.max(...type.weights)) * (0.8 + rnd() * 0.4),
      );
      const roll = rnd();
      const stock = roll < 0.12 ? 0 : roll < 0.3 ? Math.floor(rnd() * 9) + 1 : Math.floor(rnd() * 240) + 10;
      const status: ProductStatus =
        roll > 0.97 ? 'INACTIVE' : roll > 0.94 ? 'COMINGSOON' : roll > 0.9 ? 'PROMO' : 'ACTIVE';
      const batches = Array.from({ length: stock > 0 ? 1 + Math.floor(rnd() * 3) : 0 }, (_, i) => ({
        batchNumber: `1A40${String(brand.id)
          .replace(/[^0-9A-F]/gi, '')
          .slice(0, 6)
          .toUpperCase()}${String(p * 10 + i).padStart(6, '0')}`,
        receivedOn: new Date(Date.UTC(2026, 8 + i, 1 + ((p * 3) % 27))).toISOString().slice(0, 10),
        isCheckedIn: i === 0 || rnd() > 0.4,
        initialQuantity: Math.max(1, Math.ceil(stock / (i + 1))),
      }));
      products.push({
        name: `${strain} ${type.name} ${weight} g`,
        description: `${strain} (${genetics.toLowerCase()}) ${type.name.toLowerCase()}, ${weight} g.`,
        brandID: brand.id,
        typeID: type.id,
        genetics,
        ...(extractTypeID ? { extractTypeID } : {}),
        productLineIDs: brand.lines.length && p % 3 === 0 ? [brand.lines[p % brand.lines.length]!] : [],
        status,
        weight,
        unitQuantity: type.unitQuantity,
        cost: cents(base * (0.45 + rnd() * 0.15)),
        basePrice: base,
        msrp: cents(base * 2),
        discountEligible: p % 5 !== 0,
        hasBatch: type.name !== 'Edible',
        hideFromCatalog: p % 13 === 12,
        stock,
        batches: type.name === 'Edible' ? [] : batches,
      });
    }
  }
  const at = new Date(Date.now() - CATALOG_AGE_DAYS * 86_400_000).toISOString();
  for (let i = 0; i < products.length; i += 500) await createProductsBulk(products.slice(i, i + 500), actor, { at });

  for (const [i, brand] of brands.slice(0, Math.min(brands.length, 4)).entries()) {
    await setStockLimit(brand.id, {}, 600 + i * 150, actor);
    const first = brand.typeIds[0]!;
    await setStockLimit(brand.id, { typeId: first.id }, 200, actor);
    await setStockLimit(brand.id, { typeId: first.id, weight: first.weights[0]! }, 80, actor);
  }
  return {
    brands: brands.length,
    products: products.length,
    types: types.length,
    extractTypes: extracts.length,
    ms: Date.now() - started,
  };
}
