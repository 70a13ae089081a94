import type { InventoryValuation, SlowMovers, StockLimitsReport } from '@bo/shared';
import {
  asOfText,
  hasValue,
  LIMIT_LEVEL_LABELS,
  LIMIT_STATUS_LABELS,
  VALUATION_LABEL_HEADERS,
  VALUATION_VIEW_LABELS,
  type ValuationRow,
  type ValuationView,
} from './inventory-report-config';
import { calendarDay } from '../../format/date-ranges';
import { COUNT_FORMAT, downloadReportWorkbook, excludedBrandsLine, MONEY_FORMAT, type XlsxColumn } from './report-xlsx';

/**
 * The Inventory report's tabs as spreadsheets, one file per tab: its table and a total. Values only when the API
 * sent them. This module is imported on click.
 */

/** The valuation in the view shown: one row per brand, type or brand × type. */
export function downloadValuation(
  report: InventoryValuation,
  view: ValuationView,
  rows: readonly ValuationRow[],
): Promise<string> {
  const value = hasValue(report);
  const columns: XlsxColumn[] = [
    { header: VALUATION_LABEL_HEADERS[view], width: view === 'rows' ? 40 : 32 },
    { header: 'Products', numFmt: COUNT_FORMAT },
    { header: 'Units', numFmt: COUNT_FORMAT },
    ...(value ? [{ header: 'Value', numFmt: MONEY_FORMAT }] : []),
  ];
  const cells = (r: { label: string; products: number; units: number; cost?: number }) => [
    r.label,
    r.products,
    r.units,
    ...(value ? [r.cost ?? null] : []),
  ];
  const when = report.asOf ?? 'now';
  return downloadReportWorkbook(`inventory-valuation-${when}-by-${view}.xlsx`, [
    {
      name: 'Valuation',
      about: [
        `Inventory valuation: ${asOfText(report)} (through ${report.through}), ${VALUATION_VIEW_LABELS[view].toLowerCase()}`,
        ...excludedBrandsLine(report.build),
      ],
      columns,
      rows: rows.map(cells),
      total: cells({ label: 'Total', ...report.total }),
    },
  ]);
}

/** The slow movers listed (the first 500 by value), with the days looked at and the brand. */
export function downloadSlowMovers(report: SlowMovers, brandLabel?: string): Promise<string> {
  const value = report.cost !== undefined;
  const about = [`Slow movers: products in stock with no sale since ${report.since} (${report.days} days)`];
  if (brandLabel) about.push(`Brand: ${brandLabel}`);
  if (report.count > report.products.length)
    about.push(`${report.count} products are slow; the first ${report.products.length} by value are listed`);
  about.push(...excludedBrandsLine(report.build));
  return downloadReportWorkbook(`slow-movers-${report.days}-days-${report.since}.xlsx`, [
    {
      name: 'Slow movers',
      about,
      columns: [
        { header: 'Product' },
        { header: 'SKU' },
        { header: 'Brand', width: 24 },
        { header: 'Type', width: 20 },
        { header: 'Units', numFmt: COUNT_FORMAT },
        ...(value ? [{ header: 'Value', numFmt: MONEY_FORMAT }] : []),
        { header: 'Last sold' },
      ],
      rows: report.products.map((p) => [
        p.name,
        p.sku,
        p.brandName,
        p.typeName,
        p.units,
        ...(value ? [p.cost ?? null] : []),
        p.lastSold ?? `None since ${report.since}`,
      ]),
      total: ['Total', null, null, null, report.units, ...(value ? [report.cost ?? null] : []), null],
    },
  ]);
}

/** Every limit against the stock, the fullest first. */
export function downloadStockLimits(report: StockLimitsReport, now = new Date()): Promise<string> {
  const day = calendarDay(now);
  return downloadReportWorkbook(`stock-limits-${day}.xlsx`, [
    {
      name: 'Stock limits',
      about: [
        `Stock limits on ${day}: ${report.counts.over} over, ${report.counts.at} at, ${report.counts.under} under`,
        ...excludedBrandsLine(report.build),
      ],
      columns: [
        { header: 'Brand', width: 24 },
        { header: 'Level', width: 10 },
        { header: 'Line', width: 28 },
        { header: 'Stock', numFmt: COUNT_FORMAT },
        { header: 'Limit', numFmt: COUNT_FORMAT },
        { header: 'Room', numFmt: COUNT_FORMAT },
        { header: 'Status', width: 10 },
        { header: 'Products', numFmt: COUNT_FORMAT },
      ],
      rows: report.lines.map((l) => [
        l.brandName,
        LIMIT_LEVEL_LABELS[l.level],
        l.label,
        l.stock,
        l.limit,
        l.room,
        LIMIT_STATUS_LABELS[l.status],
        l.products,
      ]),
    },
  ]);
}
