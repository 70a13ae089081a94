import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CUSTOM_PRICING_SHEET } from '@bo/shared';
import { buildCustomPricingWorkbook, exportRows, type ExportProduct } from '../src/pages/customers/pricing-export';

const product = (overrides: Partial<ExportProduct> = {}): ExportProduct => ({
  brandName: 'Acme',
  name: 'Night Caps',
  typeName: 'Capsule',
  genetics: 'INDICA',
  extractTypeName: 'Live resin',
  weight: 3.5,
  stock: 80,
  pendingOutboundQuantity: 10,
  unitQuantity: 6,
  basePrice: 20,
  ...overrides,
});

describe('custom pricing spreadsheet', () => {
  it('has one row per product in the sheet’s column order, by brand then name, with the custom price else the base', () => {
    const rows = exportRows([
      product({ brandName: 'Bolt', name: 'Zed', price: 12.5 }),
      product({ name: 'Bravo', stock: 30, pendingOutboundQuantity: 0 }),
      product({ name: 'Alpha', stock: 2, pendingOutboundQuantity: 1, weight: undefined, unitQuantity: undefined }),
    ]);
    expect(rows).toEqual([
      ['Acme', 'Alpha', 'Capsule', 'INDICA', 'Live resin', '', 'OUT', 1, 20],
      ['Acme', 'Bravo', 'Capsule', 'INDICA', 'Live resin', 3.5, 'LOW', 6, 20],
      ['Bolt', 'Zed', 'Capsule', 'INDICA', 'Live resin', 3.5, 'IN STOCK', 6, 12.5],
    ]);
  });

  it('net stock status: more than 50 IN STOCK, more than 1 LOW, otherwise OUT (of stock minus pending outbound)', () => {
    const status = (stock: number, pending = 0) =>
      exportRows([product({ stock, pendingOutboundQuantity: pending })])[0]![6];
    expect(status(51)).toBe('IN STOCK');
    expect(status(50)).toBe('LOW');
    expect(status(60, 10)).toBe('LOW');
    expect(status(2)).toBe('LOW');
    expect(status(1)).toBe('OUT');
    expect(status(0)).toBe('OUT');
  });

  it('builds a workbook that exceljs reads back: sheet name, header row and values', async () => {
    const workbook = await buildCustomPricingWorkbook([
      product({ price: 17.25 }),
      product({ brandName: 'Bolt', name: 'Dawn', genetics: undefined, extractTypeName: undefined }),
    ]);
    const buffer = await workbook.xlsx.writeBuffer();
    expect(CUSTOM_PRICING_SHEET.fileName('Green Leaf')).toBe('Green Leaf_CustomPricingExport.xlsx');

    const read = new ExcelJS.Workbook();
    await read.xlsx.load(buffer);
    expect(read.worksheets.map((s) => s.name)).toEqual(['Custom Pricing']);
    const sheet = read.getWorksheet('Custom Pricing')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...CUSTOM_PRICING_SHEET.columns]);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      'Acme',
      'Night Caps',
      'Capsule',
      'INDICA',
      'Live resin',
      3.5,
      'IN STOCK',
      6,
      17.25,
    ]);
    expect(sheet.getRow(3).getCell(2).value).toBe('Dawn');
    expect(sheet.getRow(3).getCell(9).value).toBe(20);
    expect(sheet.getRow(2).getCell(9).numFmt).toBe('$#,##0.00');
    expect(sheet.rowCount).toBe(3);
  });
});
