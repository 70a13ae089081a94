import {
  assemble,
  monthsOf,
  periodsOf,
  reportRange,
  toDollars,
  type CellRow,
  type Counters,
  type PurchaseFigures,
  type PurchasesReport,
  type PurchasesReportQuery,
} from '@bo/shared';
import { query, queryAll } from '../core';
import { getBrandItems } from '../brands';
import { purchaseOrderEntity } from '../purchases/entity';
import { salesCellEntity } from './entity';
import { readReportState, recentExcludedBrandIds, reportStatus } from './state';

/**
 * The purchasing report from the stored month cells (issue 25): one Query per month of the range; what is on
 * order now from the on-order index (open purchase orders only, never the history).
 */

const figuresOf = (c: Readonly<Counters>): PurchaseFigures => ({
  units: c.u ?? 0,
  orders: c.n ?? 0,
  cost: toDollars(c.c ?? 0),
});

async function readRows(gen: number, range: { from: string; to: string }, q: PurchasesReportQuery, split: boolean) {
  const scope = q.brand || (q.groupBy === 'brand' && split) ? 'purchaseBrand' : 'purchases';
  const key = q.brand ?? (q.groupBy === 'brand' && split ? undefined : '*');
  const months = monthsOf(range.from, range.to);
  const pages = await Promise.all(
    months.map(
      async (month) =>
        (
          await query(
            salesCellEntity,
            'primary',
            { gen, month, scope },
            { sort: { begins: key === undefined ? { gran: 'M' } : { gran: 'M', key } } },
          )
        ).items,
    ),
  );
  const rows: CellRow[] = [];
  months.forEach((month, i) => {
    for (const cell of pages[i]!) {
      const day = `${month}-01`;
      if (split && q.groupBy === 'productType') {
        const byType = new Map<string, Counters>();
        for (const [name, value] of Object.entries(cell)) {
          if (typeof value !== 'number' || value === 0 || !name.startsWith('productType|')) continue;
          const cut = name.lastIndexOf('|');
          const type = name.slice('productType|'.length, cut);
          byType.set(type, { ...byType.get(type), [name.slice(cut + 1)]: value });
        }
        for (const [series, counters] of byType) rows.push({ day, series, counters });
        continue;
      }
      const counters: Counters = {};
      for (const m of ['c', 'u', 'n'])
        if (typeof cell[m] === 'number' && cell[m] !== 0) counters[m] = cell[m] as number;
      if (Object.keys(counters).length) rows.push({ day, series: split ? cell.key : (q.brand ?? '*'), counters });
    }
  });
  return rows;
}

export async function readPurchasesReport(q: PurchasesReportQuery): Promise<PurchasesReport> {
  const [state, excludedNow, open] = await Promise.all([
    readReportState(),
    recentExcludedBrandIds(),
    queryAll(
      purchaseOrderEntity,
      'onOrder',
      {},
      { attributes: ['brandID', 'brandName', 'unitQuantity', 'totalCents'] },
    ),
  ]);
  const { lastRebuild: _last, ...build } = await reportStatus(state, excludedNow);
  const range = reportRange(q.from, q.to, q.interval);
  const periods = periodsOf(range.from, range.to, q.interval);
  const gen = state?.active ?? 0;
  const split = q.groupBy !== undefined && !(q.groupBy === 'brand' && q.brand);
  const [rows, totalRows] = gen
    ? await Promise.all([readRows(gen, range, q, split), split ? readRows(gen, range, q, false) : Promise.resolve([])])
    : [[], []];
  const assembled = assemble(rows, periods, q.interval, 'c');
  const totals = split ? assemble(totalRows, periods, q.interval, 'c') : assembled;
  const shown = assembled.series.slice(0, q.limit);
  const brandKeys = [
    ...new Set([...(q.groupBy === 'brand' ? shown.map((s) => s.key) : []), ...(q.brand ? [q.brand] : [])]),
  ];
  const names = new Map((brandKeys.length ? await getBrandItems(brandKeys) : []).map((b) => [b.brandId, b.name]));
  const labelOf = (key: string) =>
    q.groupBy === 'brand' || (!split && q.brand) ? (names.get(key) ?? key) : key === '*' ? 'All' : key;
  const rest: Counters = {};
  for (const s of assembled.series.slice(q.limit))
    for (const [k, v] of Object.entries(s.total)) rest[k] = (rest[k] ?? 0) + v;
  const excluded = new Set(state?.excluded ?? []);
  const onOrder = new Map<string, { brandId: string; brand: string; orders: number; units: number; cents: number }>();
  for (const po of open) {
    if (excluded.has(po.brandID)) continue;
    const row = onOrder.get(po.brandID) ?? { brandId: po.brandID, brand: po.brandName, orders: 0, units: 0, cents: 0 };
    row.orders++;
    row.units += po.unitQuantity;
    row.cents += po.totalCents;
    onOrder.set(po.brandID, row);
  }
  return {
    from: range.from,
    to: range.to,
    interval: q.interval,
    groupBy: q.groupBy ?? null,
    filter: q.brand ? { dimension: 'brand', key: q.brand, label: names.get(q.brand) ?? q.brand } : null,
    periods,
    total: figuresOf(totals.total),
    points: totals.points.map(figuresOf),
    series: shown.map((s) => ({
      key: s.key,
      label: labelOf(s.key),
      total: figuresOf(s.total),
      points: s.points.map(figuresOf),
    })),
    others: { count: assembled.series.length - shown.length, total: figuresOf(rest) },
    onOrder: [...onOrder.values()]
      .sort((a, b) => b.cents - a.cents || a.brand.localeCompare(b.brand))
      .map(({ cents, ...row }) => ({ ...row, cost: toDollars(cents) })),
    build,
  };
}
