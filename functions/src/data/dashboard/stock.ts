import {
  DASHBOARD_LIST_SIZE,
  byRoom,
  limitLinesOfBrand,
  limitsOfBrand,
  type LimitedLine,
  type PurchasingSection,
} from '@bo/shared';
import { type BrandItem, toBrand } from '../brands';
import { mapLimit } from '../map-limit';
import { listProductItemsByBrand, loadCatalogNames, toProduct } from '../products';
import { readStockLedger } from '../stock-ledger';

/** Brands whose products are read at once. */
const BRANDS_AT_ONCE = 8;

/**
 * Each brand with a limit, its stock against them as the Inventory overview computes it (brands hidden from the
 * overview and those `skip` names left out): the catalogue's names (three small Queries) and the stock ledger
 * (one Query of its buckets), then the products of the brands that have a limit (one Query each, a few at once).
 */
async function perLimitedBrand<T>(
  of: (brand: ReturnType<typeof toBrand>, products: ReturnType<typeof toProduct>[]) => T,
  skip: (brand: BrandItem) => boolean = () => false,
): Promise<T[]> {
  const [names, stock] = await Promise.all([loadCatalogNames(), readStockLedger()]);
  const limited = names.brandItems
    .filter((b) => !b.hideInInventoryOverview && !skip(b))
    .filter((b) => b.maxBrandStock !== undefined || (b.limits ?? []).length > 0);
  return mapLimit(limited, BRANDS_AT_ONCE, async (item) =>
    of(
      toBrand(item),
      (await listProductItemsByBrand(item.brandId)).map((p) => toProduct(p, names, stock)),
    ),
  );
}

/** Every line with a limit of every limited brand (the stock-limits report), brands `skip` names left out. */
export const limitLines = async (skip?: (brand: BrandItem) => boolean): Promise<LimitedLine[]> =>
  (await perLimitedBrand(limitLinesOfBrand, skip)).flat();

/** Stock under its limits, as the Inventory overview computes it (`stockAgainstLimits` per brand). */
export async function stockUnderLimits(): Promise<PurchasingSection['underLimits']> {
  const perBrand = await perLimitedBrand(limitsOfBrand);
  const lines = perBrand.flatMap((b) => b.under).sort(byRoom);
  return {
    count: lines.length,
    over: perBrand.reduce((sum, b) => sum + b.over, 0),
    lines: lines.slice(0, DASHBOARD_LIST_SIZE),
  };
}
