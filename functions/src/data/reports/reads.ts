import {
  MEASURES,
  comparedRange,
  figuresOf,
  filtersOf,
  assemble,
  limitSeries,
  monthsOf,
  periodsOf,
  reportRange,
  NO_REP,
  type CellRow,
  type Counters,
  type ReportInterval,
  type SalesDimension,
  type SalesReport,
  type SalesReportQuery,
} from '@bo/shared';
import { batchGet, query } from '../core';
import { getBrandItems } from '../brands';
import { getCustomerItems } from '../customers';
import { userEntity } from '../users/entity';
import { type SalesCellItem, salesCellEntity } from './entity';
import { readReportState, recentExcludedBrandIds, reportStatus } from './state';

/**
 * The sales report from the stored cells (issue 25): one Query per month of the range (in parallel), whatever
 * the number of orders behind it. Which cells answer depends on the split and the filter:
 * - neither: the month's `all` cells;
 * - a split: every value's cells of that dimension (their totals only);
 * - a filter: that value's cells, their totals or their split counters (`dim|key|m`);
 * - a filter and a split by customer: every customer's cells, their counters of the filter's value.
 */

type Filter = { dimension: SalesDimension; key: string };

const MONTH_CONCURRENCY = 12;

/** Reads the rows of one range: day cells for days and weeks, month cells for months and quarters. */
async function readRows(
  gen: number,
  range: { from: string; to: string },
  interval: ReportInterval,
  groupBy: SalesDimension | undefined,
  filter: Filter | undefined,
): Promise<CellRow[]> {
  const gran = interval === 'day' || interval === 'week' ? 'D' : 'M';
  const split = groupBy && groupBy !== filter?.dimension ? groupBy : undefined;
  const fromCustomers = split === 'customer' && filter !== undefined;
  const scope = fromCustomers ? 'customer' : (filter?.dimension ?? split ?? 'all');
  const key = fromCustomers ? undefined : filter ? filter.key : split ? undefined : '*';
  const measure = (m: string) => (fromCustomers ? `${filter!.dimension}|${filter!.key}|${m}` : m);
  // Split counters of a filtered value are read whole (their names are not known before); the rest by name.
  const projected = !(filter && split && !fromCustomers);
  const attributes = projected ? ['key', 'slot', ...MEASURES.map(measure)] : undefined;
  const months = monthsOf(range.from, range.to);
  const pages: SalesCellItem[][] = [];
  for (let i = 0; i < months.length; i += MONTH_CONCURRENCY)
    pages.push(
      ...(await Promise.all(
        months.slice(i, i + MONTH_CONCURRENCY).map(
          async (month) =>
            (
              await query(
                salesCellEntity,
                'primary',
                { gen, month, scope },
                {
                  sort: { begins: key === undefined ? { gran } : { gran, key } },
                  ...(attributes ? { attributes } : {}),
                },
              )
            ).items,
        ),
      )),
    );
  const rows: CellRow[] = [];
  months.forEach((month, i) => {
    for (const cell of pages[i]!) {
      const day = gran === 'D' ? `${month}-${cell.slot}` : `${month}-01`;
      if (projected) {
        const counters: Counters = {};
        // Cells whose orders all went (cancelled, returned) keep their counters at 0: no row.
        for (const m of MEASURES)
          if (typeof cell[measure(m)] === 'number' && cell[measure(m)] !== 0) counters[m] = cell[measure(m)] as number;
        if (Object.keys(counters).length)
          rows.push({ day, series: split ? cell.key : filter ? filter.key : '*', counters });
        continue;
      }
      const bySplit = new Map<string, Counters>();
      for (const [name, value] of Object.entries(cell)) {
        if (typeof value !== 'number' || value === 0 || !name.startsWith(`${split}|`)) continue;
        const cut = name.lastIndexOf('|');
        const series = name.slice(split!.length + 1, cut);
        const counters = bySplit.get(series) ?? {};
        counters[name.slice(cut + 1)] = value;
        bySplit.set(series, counters);
      }
      for (const [series, counters] of bySplit) rows.push({ day, series, counters });
    }
  });
  return rows;
}

/** Names for the series keys of a dimension. */
async function labels(
  dimension: SalesDimension | undefined,
  keys: readonly string[],
): Promise<(key: string) => string> {
  const named = (pairs: Array<[string, string]>) => {
    const names = new Map(pairs);
    return (key: string) => names.get(key) ?? key;
  };
  if (!keys.length || !dimension) return (key) => (key === '*' ? 'All' : key);
  if (dimension === 'brand') return named((await getBrandItems(keys)).map((b) => [b.brandId, b.name]));
  if (dimension === 'customer') return named((await getCustomerItems(keys)).map((c) => [c.customerId, c.customerName]));
  if (dimension === 'rep') {
    const users = await batchGet(
      userEntity,
      keys.filter((k) => k !== NO_REP).map((id) => ({ id })),
    );
    return named([[NO_REP, 'No rep'], ...users.map((u): [string, string] => [u.id, u.name])]);
  }
  return (key) => key;
}

/** The sales report asked for; `rep` narrows it to one rep's customers whatever the query says (SALES). */
export async function readSalesReport(q: SalesReportQuery, scope: { rep?: string } = {}): Promise<SalesReport> {
  const filters = filtersOf(q);
  const filter: Filter | undefined = scope.rep ? { dimension: 'rep', key: scope.rep } : filters[0];
  const [state, excludedNow] = await Promise.all([readReportState(), recentExcludedBrandIds()]);
  const build = await reportStatus(state, excludedNow);
  const { lastRebuild: _last, ...buildInfo } = build;
  const range = reportRange(q.from, q.to, q.interval);
  const periods = periodsOf(range.from, range.to, q.interval);
  const gen = state?.active ?? 0;
  // A split's series add up to more orders than there were (an order of two brands is in both): the totals
  // are read from the unsplit cells beside them.
  const split = q.groupBy !== undefined && q.groupBy !== filter?.dimension;
  const read = (r: { from: string; to: string } | undefined, groupBy: SalesDimension | undefined) =>
    gen && r ? readRows(gen, r, q.interval, groupBy, filter) : Promise.resolve([]);
  const compared = q.compare ? comparedRange(range, q.interval, q.compare) : undefined;
  const [rows, totalRows, compareRows, compareTotalRows] = await Promise.all([
    read(range, q.groupBy),
    split ? read(range, undefined) : Promise.resolve([]),
    read(compared, q.groupBy),
    split ? read(compared, undefined) : Promise.resolve([]),
  ]);
  const assembled = assemble(rows, periods, q.interval);
  const totals = split ? assemble(totalRows, periods, q.interval) : assembled;
  const seriesDimension = q.groupBy ?? filter?.dimension;
  const keys = [...new Set([...assembled.series.slice(0, q.limit).map((s) => s.key), ...(filter ? [filter.key] : [])])];
  const labelOf = await labels(seriesDimension, keys);
  const { series, others } = limitSeries(assembled, q.limit, labelOf);
  const report: SalesReport = {
    from: range.from,
    to: range.to,
    interval: q.interval,
    groupBy: q.groupBy ?? null,
    filter: filter
      ? {
          ...filter,
          label: (filter.dimension === seriesDimension ? labelOf : await labels(filter.dimension, [filter.key]))(
            filter.key,
          ),
        }
      : null,
    periods,
    total: figuresOf(totals.total),
    points: totals.points.map(figuresOf),
    series,
    others,
    build: buildInfo,
  };
  if (compared && q.compare) {
    const comparedPeriods = periodsOf(compared.from, compared.to, q.interval);
    const before = assemble(compareRows, comparedPeriods, q.interval);
    const beforeTotals = split ? assemble(compareTotalRows, comparedPeriods, q.interval) : before;
    const shown = new Set(series.map((s) => s.key));
    report.compare = {
      kind: q.compare,
      from: compared.from,
      to: compared.to,
      total: figuresOf(beforeTotals.total),
      points: beforeTotals.points.map(figuresOf),
      series: Object.fromEntries(before.series.filter((s) => shown.has(s.key)).map((s) => [s.key, figuresOf(s.total)])),
    };
  }
  return report;
}
