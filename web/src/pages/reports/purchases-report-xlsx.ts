import type { PurchasesReport } from '@bo/shared';
import { rangeText } from './report-common';
import {
  hasSpend,
  PURCHASE_GROUP_LABELS,
  PURCHASE_INTERVAL_LABELS,
  purchasesColumnsFor,
  purchasesLabelHeader,
  type PurchasesRow,
} from './purchases-report-config';
import { COUNT_FORMAT, downloadReportWorkbook, excludedBrandsLine, MONEY_FORMAT, type XlsxColumn } from './report-xlsx';

/**
 * The Purchasing report as a spreadsheet: a sheet of its figures (one row per series or period, and a total) and
 * a sheet of what is on order now. Spend only when the API sent it. This module is imported on click.
 */

export function purchasesFileName(report: PurchasesReport): string {
  const by = report.groupBy ? `-by-${report.groupBy}` : '';
  return `purchasing-${report.from}-to-${report.to}-${report.interval}${by}.xlsx`;
}

/** Builds the workbook and has the browser save it; returns the file's name. */
export async function downloadPurchasesReport(report: PurchasesReport, rows: readonly PurchasesRow[]): Promise<string> {
  const spend = hasSpend(report);
  const columns = purchasesColumnsFor(spend);
  const about = [
    `Purchasing ${rangeText(report.from, report.to)} by ${PURCHASE_INTERVAL_LABELS[report.interval].toLowerCase()}`,
  ];
  if (report.groupBy) about.push(`Grouped by ${PURCHASE_GROUP_LABELS[report.groupBy].toLowerCase()}`);
  if (report.filter) about.push(`Brand: ${report.filter.label}`);
  about.push(...excludedBrandsLine(report.build));

  const cells = (r: Pick<PurchasesRow, 'label' | 'cost' | 'units' | 'orders'>) =>
    columns.map((c) => (c.id === 'label' ? r.label : c.id === 'cost' ? (r.cost ?? null) : r[c.id]));
  const onOrderColumns: XlsxColumn[] = [
    { header: 'Brand' },
    { header: 'Purchase orders', numFmt: COUNT_FORMAT },
    { header: 'Units', numFmt: COUNT_FORMAT },
    ...(spend ? [{ header: 'Spend', numFmt: MONEY_FORMAT }] : []),
  ];
  const onOrderCells = (o: { brand: string; orders: number; units: number; cost?: number }) => [
    o.brand,
    o.orders,
    o.units,
    ...(spend ? [o.cost ?? null] : []),
  ];
  const onOrderTotal = report.onOrder.reduce(
    (sum, o) => ({ ...sum, orders: sum.orders + o.orders, units: sum.units + o.units, cost: sum.cost + (o.cost ?? 0) }),
    { brand: 'Total', orders: 0, units: 0, cost: 0 },
  );

  return downloadReportWorkbook(purchasesFileName(report), [
    {
      name: 'Purchasing',
      about,
      columns: columns.map((c) => ({
        header: c.id === 'label' ? purchasesLabelHeader(report.groupBy) : c.header,
        numFmt: c.id === 'cost' ? MONEY_FORMAT : c.id === 'label' ? undefined : COUNT_FORMAT,
      })),
      rows: rows.map(cells),
      total: cells({ label: 'Total', ...report.total }),
    },
    {
      name: 'On order',
      about: ['On order now: pending and ordered purchase orders, by brand', ...excludedBrandsLine(report.build)],
      columns: onOrderColumns,
      rows: report.onOrder.map(onOrderCells),
      total: onOrderCells({ ...onOrderTotal, cost: Math.round(onOrderTotal.cost * 100) / 100 }),
    },
  ]);
}
