import {
  type InventoryValuation,
  type InventoryValuationQuery,
  MAX_VALUATION_MONTHS_BACK,
  type SlowMovers,
  type SlowMoversQuery,
  type StockLimitsReport,
  type ValuationLine,
  addDays,
  addMonths,
  monthsBetween,
  byFullness,
  slowMoversOf,
  toDollars,
  unitsAtMonthEnd,
  valuationAsOfMessages,
  valuationOf,
} from '@bo/shared';
import { BadRequestError } from '../../domain';
import { limitLines } from '../dashboard/stock';
import { dayOf, readMonths, reportContext, stockedCatalogue } from './catalogue';
import { readRecordedSince } from './months';

/**
 * The inventory reports (issue 25): Queries and Gets only, bounded by the catalogue, the stock ledger (64 items)
 * and the months looked at (at most 64 small items each); never the movements themselves, never a Scan.
 */

const lineOf = ({ valueCents, ...line }: ValuationLine) => ({ ...line, cost: toDollars(valueCents) });

/** The month's last day (YYYY-MM-DD). */
const lastDayOf = (month: string) => addDays(addMonths(`${month}-01`, 1), -1);

/**
 * What the stock is worth now, or at the end of a past month `asOf` (at most MAX_VALUATION_MONTHS_BACK months
 * before this one): units now less the net movement of each month after it.
 */
export async function readInventoryValuation(
  q: InventoryValuationQuery,
  now = new Date(),
): Promise<InventoryValuation> {
  const today = dayOf(now);
  const current = today.slice(0, 7);
  const asOf = q.asOf;
  if (asOf !== undefined) {
    if (asOf >= current) throw new BadRequestError(valuationAsOfMessages.notPast(current));
    const earliest = addMonths(`${current}-01`, -MAX_VALUATION_MONTHS_BACK).slice(0, 7);
    if (asOf < earliest) throw new BadRequestError(valuationAsOfMessages.tooFarBack(earliest));
  }
  const later = asOf === undefined ? [] : monthsBetween(addMonths(`${asOf}-01`, 1).slice(0, 7), current);
  const [{ products }, context, months, recordedSince] = await Promise.all([
    stockedCatalogue(),
    reportContext(),
    readMonths(later),
    readRecordedSince(),
  ]);
  const atEnd = months.length
    ? products.map((p) => ({
        ...p,
        units: unitsAtMonthEnd(
          p.units,
          months.map((m) => m.moved(p.productId)),
        ),
      }))
    : products;
  const valuation = valuationOf(atEnd, context.excluded);
  return {
    asOf: asOf ?? null,
    through: asOf === undefined ? today : lastDayOf(asOf),
    byBrand: valuation.byBrand.map(lineOf),
    byType: valuation.byType.map(lineOf),
    rows: valuation.rows.map(lineOf),
    total: {
      units: valuation.total.units,
      products: valuation.total.products,
      cost: toDollars(valuation.total.valueCents),
    },
    recordedSince,
    build: context.build,
  };
}

/** Products in stock with no sale in the last `days` days (today included), optionally of one brand. */
export async function readSlowMovers(q: SlowMoversQuery, now = new Date()): Promise<SlowMovers> {
  const today = dayOf(now);
  const since = addDays(today, -(q.days - 1));
  const [{ products }, context, months, recordedSince] = await Promise.all([
    stockedCatalogue(),
    reportContext(),
    readMonths(monthsBetween(since.slice(0, 7), today.slice(0, 7))),
    readRecordedSince(),
  ]);
  const lastSold = new Map<string, string>();
  for (const p of products)
    for (const month of months) {
      const day = month.soldOn(p.productId);
      if (day && day > (lastSold.get(p.productId) ?? '')) lastSold.set(p.productId, day);
    }
  const of = q.brand ? products.filter((p) => p.brandId === q.brand) : products;
  const slow = slowMoversOf(of, lastSold, since, context.excluded);
  return {
    days: q.days,
    since,
    count: slow.count,
    units: slow.units,
    cost: toDollars(slow.valueCents),
    products: slow.products.map((p) => ({
      productId: p.productId,
      name: p.name,
      sku: p.sku,
      brandId: p.brandId,
      brandName: p.brandName,
      typeId: p.typeId,
      typeName: p.typeName,
      units: p.units,
      cost: toDollars(p.valueCents),
      ...(p.lastSold ? { lastSold: p.lastSold } : {}),
    })),
    recordedSince,
    build: context.build,
  };
}

/**
 * Every brand, type and weight limit against the stock on hand, as the Inventory overview counts it (and the
 * dashboard's "under limits", the same `limitLinesOfBrand`): brands hidden from the overview and brands
 * excluded from reporting left out, the fullest first.
 */
export async function readStockLimits(): Promise<StockLimitsReport> {
  const context = await reportContext();
  const lines = (await limitLines((b) => context.excluded.has(b.brandId))).sort(byFullness);
  const counts = { over: 0, at: 0, under: 0 };
  for (const line of lines) counts[line.status]++;
  return { counts, lines, build: context.build };
}
