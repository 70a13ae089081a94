import type { Brand, Product, ProductStatus } from '../schemas/catalog';
import type { ProductFilters } from '../schemas/preferences';

/** Menus and restock lists leave these out (spec section 5). */
export const HIDDEN_FROM_MENUS: readonly ProductStatus[] = ['INACTIVE', 'HIDDEN'];
export const isOnMenus = (p: Pick<Product, 'status'>): boolean => !HIDDEN_FROM_MENUS.includes(p.status);

export type StockBadge = 'OUT' | 'LOW' | 'GOOD';
/** Order screens: OUT under 1, LOW under 20. Catalogue and stock-limit screens: out under 1, low under 10. */
export const STOCK_THRESHOLDS = { order: { out: 1, low: 20 }, catalog: { out: 1, low: 10 } } as const;
export function stockBadge(stock: number, screen: keyof typeof STOCK_THRESHOLDS): StockBadge {
  const t = STOCK_THRESHOLDS[screen];
  return stock < t.out ? 'OUT' : stock < t.low ? 'LOW' : 'GOOD';
}

/** The brand part of a SKU: its skucode, else the first three letters or digits of its name. */
export const skuBrandCode = (brand: Pick<Brand, 'name' | 'skucode'>): string =>
  (brand.skucode?.trim() || brand.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 3) || 'BRD').toUpperCase();
export const skuTypeCode = (typeName: string): string =>
  (typeName.replace(/[^A-Za-z0-9]/g, '').slice(0, 3) || 'TYP').toUpperCase();

/** SKU = brand code, type code, and the brand+type sequence number (4 digits or more): `ACM-FLO-0007`. */
export const formatSku = (brand: Pick<Brand, 'name' | 'skucode'>, typeName: string, sequence: number): string =>
  `${skuBrandCode(brand)}-${skuTypeCode(typeName)}-${String(sequence).padStart(4, '0')}`;

/** The SKU field shows a value only once both brand and type are chosen. */
export const canGenerateSku = (brandID?: string, typeID?: string): boolean => Boolean(brandID && typeID);

export const DEFAULT_FILTERS: ProductFilters = {
  brands: [],
  types: [],
  genetics: [],
  extractTypes: [],
  weights: [],
  stock: ['in'],
  searchTerm: '',
};

type Filterable = Pick<
  Product,
  'brandID' | 'typeID' | 'genetics' | 'extractTypeID' | 'weight' | 'stock' | 'name' | 'sku'
> & {
  brand?: { name: string };
  type?: { name: string };
};

/** Lower-cased search text per product object, computed once: typing re-filters thousands of products per keystroke. */
const haystacks = new WeakMap<object, string>();
const haystackOf = (p: Filterable): string => {
  let text = haystacks.get(p);
  if (text === undefined) {
    text = `${p.name} ${p.sku} ${p.brand?.name ?? ''} ${p.type?.name ?? ''}`.toLowerCase();
    haystacks.set(p, text);
  }
  return text;
};
let lastTerm = '';
let lastWords: string[] = [];
const wordsOf = (term: string): string[] => {
  if (term !== lastTerm) {
    lastTerm = term;
    lastWords = term.trim().toLowerCase().split(/\s+/).filter(Boolean);
  }
  return lastWords;
};

/**
 * Filter semantics (spec section 5): an empty list means all; stock 'in' is stock of 1 or more,
 * 'out' under 1, both or none means all; the search term matches name, SKU, brand or type (every word).
 */
export function matchesFilters(p: Filterable, f: ProductFilters): boolean {
  if (f.brands.length && !f.brands.includes(p.brandID)) return false;
  if (f.types.length && !f.types.includes(p.typeID)) return false;
  if (f.genetics.length && (!p.genetics || !f.genetics.includes(p.genetics))) return false;
  if (f.extractTypes.length && (!p.extractTypeID || !f.extractTypes.includes(p.extractTypeID))) return false;
  if (f.weights.length && (p.weight === undefined || !f.weights.includes(p.weight))) return false;
  const wantIn = f.stock.includes('in');
  const wantOut = f.stock.includes('out');
  if (wantIn !== wantOut && (wantIn ? p.stock < 1 : p.stock >= 1)) return false;
  const words = wordsOf(f.searchTerm);
  if (words.length) {
    const hay = haystackOf(p);
    for (const word of words) if (!hay.includes(word)) return false;
  }
  return true;
}

export const PRODUCT_SORTS = ['name', 'price', 'stock'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const compareProducts = (key: ProductSort, direction: 'asc' | 'desc') => {
  const sign = direction === 'asc' ? 1 : -1;
  return (a: Pick<Product, 'name' | 'basePrice' | 'stock'>, b: Pick<Product, 'name' | 'basePrice' | 'stock'>) => {
    const primary =
      key === 'name'
        ? a.name.localeCompare(b.name, 'en-US')
        : key === 'price'
          ? a.basePrice - b.basePrice
          : a.stock - b.stock;
    return sign * (primary || a.name.localeCompare(b.name, 'en-US'));
  };
};

export type LimitStatus = 'over' | 'at' | 'under' | 'none';
export interface LimitLine {
  label: string;
  typeId?: string;
  weight?: number;
  stock: number;
  products: number;
  limit: number | null;
  status: LimitStatus;
}

const statusOf = (stock: number, limit: number | null | undefined): LimitStatus =>
  limit === null || limit === undefined ? 'none' : stock > limit ? 'over' : stock === limit ? 'at' : 'under';

/**
 * A brand's stock against its limits: the brand total, each type, and each type+weight, counting
 * only products on the menus (not INACTIVE or HIDDEN).
 */
export function stockAgainstLimits(
  brand: Pick<Brand, 'maxBrandStock' | 'MaxProductStock'>,
  products: ReadonlyArray<Pick<Product, 'typeID' | 'weight' | 'stock' | 'status'> & { type?: { name: string } }>,
): { brand: LimitLine; types: LimitLine[]; weights: LimitLine[] } {
  const live = products.filter(isOnMenus);
  const sum = (list: typeof live) => list.reduce((s, p) => s + Math.max(0, p.stock), 0);
  const limitFor = (typeId: string, weight?: number) =>
    brand.MaxProductStock.find((m) => m.typeId === typeId && (m.weight ?? undefined) === weight)?.maxStock ?? null;
  const total = sum(live);
  const types = [...new Set(live.map((p) => p.typeID))].map((typeId) => {
    const ofType = live.filter((p) => p.typeID === typeId);
    const stock = sum(ofType);
    const limit = limitFor(typeId);
    return {
      label: ofType[0]?.type?.name ?? typeId,
      typeId,
      stock,
      products: ofType.length,
      limit,
      status: statusOf(stock, limit),
    };
  });
  const weights = [...new Set(live.map((p) => `${p.typeID}|${p.weight ?? ''}`))].flatMap((key) => {
    const [typeId, w] = key.split('|') as [string, string];
    if (w === '') return [];
    const weight = Number(w);
    const group = live.filter((p) => p.typeID === typeId && p.weight === weight);
    const stock = sum(group);
    const limit = limitFor(typeId, weight);
    return [
      {
        label: `${group[0]?.type?.name ?? typeId} ${weight} g`,
        typeId,
        weight,
        stock,
        products: group.length,
        limit,
        status: statusOf(stock, limit),
      },
    ];
  });
  return {
    brand: {
      label: 'Brand',
      stock: total,
      products: live.length,
      limit: brand.maxBrandStock ?? null,
      status: statusOf(total, brand.maxBrandStock),
    },
    types,
    weights,
  };
}
