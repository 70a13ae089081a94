import type { Workbook } from 'exceljs';
import { CUSTOM_PRICING_SHEET, netStock, netStockStatus } from '@bo/shared';
import { downloadBlob, loadExcelJs, XLSX_TYPE } from '../../components/download-file';

/**
 * The custom pricing spreadsheet (spec section 9): `<customer name>_CustomPricingExport.xlsx`, sheet
 * 'Custom Pricing', one row per product. exceljs (~255 KB gzip) is imported only when a workbook is built.
 */

export interface ExportProduct {
  brandName: string;
  name: string;
  typeName: string;
  genetics?: string;
  extractTypeName?: string;
  weight?: number;
  stock: number;
  pendingOutboundQuantity?: number;
  unitQuantity?: number;
  basePrice: number;
  /** The customer's price; the base price is exported when there is none. */
  price?: number;
}

export type ExportCell = string | number;

/** The sheet's rows in CUSTOM_PRICING_SHEET.columns order, by brand then name. */
export function exportRows(products: readonly ExportProduct[]): ExportCell[][] {
  return [...products]
    .sort((a, b) => a.brandName.localeCompare(b.brandName, 'en-US') || a.name.localeCompare(b.name, 'en-US'))
    .map((p) => [
      p.brandName,
      p.name,
      p.typeName,
      p.genetics ?? '',
      p.extractTypeName ?? '',
      p.weight ?? '',
      netStockStatus(netStock(p)),
      p.unitQuantity ?? 1,
      p.price ?? p.basePrice,
    ]);
}

const COLUMN_WIDTHS = [22, 36, 16, 12, 16, 12, 18, 14, 12];

/** A workbook with the one 'Custom Pricing' sheet: a bold, frozen header row and dollar-formatted prices. */
export async function buildCustomPricingWorkbook(products: readonly ExportProduct[]): Promise<Workbook> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Back Office';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(CUSTOM_PRICING_SHEET.sheetName, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = CUSTOM_PRICING_SHEET.columns.map((header, i) => ({ header, width: COLUMN_WIDTHS[i] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(exportRows(products));
  sheet.getColumn(CUSTOM_PRICING_SHEET.columns.length).numFmt = '$#,##0.00';
  sheet.getRow(1).numFmt = '@';
  return workbook;
}

/** Builds the spreadsheet and has the browser save it as `<customer name>_CustomPricingExport.xlsx`. */
export async function downloadCustomPricing(customerName: string, products: readonly ExportProduct[]): Promise<string> {
  const workbook = await buildCustomPricingWorkbook(products);
  const buffer = await workbook.xlsx.writeBuffer();
  const fileName = CUSTOM_PRICING_SHEET.fileName(customerName);
  downloadBlob(new Blob([buffer], { type: XLSX_TYPE }), fileName);
  return fileName;
}
