import type { StockedProduct, ReportBuild } from '@bo/shared';
import { mapLimit } from '../map-limit';
import { listProductItems, loadCatalogNames } from '../products';
import { readReportState, recentExcludedBrandIds, reportStatus } from '../reports/state';
import { type StockView, readStockLedger } from '../stock-ledger';
import { type MonthMoves, readMonthMoves } from './months';

/** Months read at once. */
const MONTHS_AT_ONCE = 8;

/** The day (YYYY-MM-DD, UTC) of a time. */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** Several months' movements (one Query each, a few at once). */
export const readMonths = (months: readonly string[]): Promise<MonthMoves[]> =>
  mapLimit(months, MONTHS_AT_ONCE, readMonthMoves);

/** Every product with its names, cost and units now (the catalogue and the stock ledger: Queries only). */
export async function stockedCatalogue(): Promise<{ products: StockedProduct[]; stock: StockView }> {
  const [items, names, stock] = await Promise.all([listProductItems(), loadCatalogNames(), readStockLedger()]);
  const products = items.map((p): StockedProduct => ({
    productId: p.productId,
    name: p.name,
    sku: p.sku,
    brandId: p.brandID,
    brandName: names.brands.get(p.brandID)?.name ?? '',
    typeId: p.typeID,
    typeName: names.types.get(p.typeID)?.name ?? '',
    units: stock.stock(p.productId),
    costCents: p.costCents ?? 0,
  }));
  return { products, stock };
}

/** The brands excluded from reporting now and the build object every report returns. */
export async function reportContext(): Promise<{ excluded: Set<string>; build: ReportBuild }> {
  const [state, excludedNow] = await Promise.all([readReportState(), recentExcludedBrandIds()]);
  const { lastRebuild: _last, ...build } = await reportStatus(state, excludedNow);
  return { excluded: new Set(excludedNow), build };
}
