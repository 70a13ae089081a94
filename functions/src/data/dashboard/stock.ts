import { DASHBOARD_LIST_SIZE, byRoom, limitsOfBrand, type PurchasingSection } from '@bo/shared';
import { toBrand } from '../brands';
import { mapLimit } from '../map-limit';
import { listProductItemsByBrand, loadCatalogNames, toProduct } from '../products';
import { readStockLedger } from '../stock-ledger';

/** Brands whose products are read at once. */
const BRANDS_AT_ONCE = 8;

/**
 * Stock under its limits, as the Inventory overview computes it (`stockAgainstLimits` per brand, brands hidden
 * from the overview left out): the catalogue's names (three small Queries) and the stock ledger (one Query of
 * its buckets), then the products of the brands that have a limit (one Query each, a few at once).
 */
export async function stockUnderLimits(): Promise<PurchasingSection['underLimits']> {
  const [names, stock] = await Promise.all([loadCatalogNames(), readStockLedger()]);
  const limited = names.brandItems
    .filter((b) => !b.hideInInventoryOverview)
    .filter((b) => b.maxBrandStock !== undefined || (b.limits ?? []).length > 0);
  const perBrand = await mapLimit(limited, BRANDS_AT_ONCE, async (item) => {
    const products = (await listProductItemsByBrand(item.brandId)).map((p) => toProduct(p, names, stock));
    return limitsOfBrand(toBrand(item), products);
  });
  const lines = perBrand.flatMap((b) => b.under).sort(byRoom);
  return {
    count: lines.length,
    over: perBrand.reduce((sum, b) => sum + b.over, 0),
    lines: lines.slice(0, DASHBOARD_LIST_SIZE),
  };
}
