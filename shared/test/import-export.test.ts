import { describe, expect, it } from 'vitest';
import {
  IMPORT_COLUMNS,
  columnIndexes,
  exportRows,
  productExportRecord,
  readRow,
  safeText,
  type ImportKind,
} from '../src/index';

/** Exports in the import's format (issue 24, section 2): what is exported reads back as the same values. */

function roundTrip(kind: ImportKind, records: Array<Record<string, unknown>>) {
  const [header, ...rows] = exportRows(kind, records);
  const found = columnIndexes(kind, header!);
  if (!found.ok) throw new Error(found.message);
  return rows.map((cells) => {
    const read = readRow(kind, found.indexes, cells);
    if (!read.ok) throw new Error(JSON.stringify(read.issues));
    return read.values;
  });
}

/** The record's import fields that hold a value (what the export writes). */
const importFields = (kind: ImportKind, record: Record<string, unknown>) =>
  Object.fromEntries(
    IMPORT_COLUMNS[kind]
      .map((c) => [c.field, record[c.field]] as const)
      .filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );

describe('export, then import', () => {
  it('a product (as the API answers it) reads back field for field, brand and type by name', () => {
    const product = productExportRecord({
      id: 'p1',
      sku: 'GVF-FLO-0001',
      name: '=Blue Dream 3.5 g',
      brand: { name: 'Green Valley Farms' },
      type: { name: 'Flower' },
      status: 'COMINGSOON',
      genetics: 'HYBRID',
      weight: 3.5,
      unitQuantity: 10,
      cost: 12.5,
      basePrice: 1234.5,
      msrp: 40,
      stock: 0,
      discountEligible: true,
      hasBatch: false,
      hideFromCatalog: false,
      description: '@home, "quoted", 1,5 g',
    });
    const [row] = exportRows('products', [product]).slice(1);
    expect(row).toContain("'=Blue Dream 3.5 g");
    expect(row).toContain('1234.50');
    expect(roundTrip('products', [product])).toEqual([importFields('products', product)]);
  });

  it('customers, brands, types and custom prices read back the same', () => {
    const cases: Array<[ImportKind, Record<string, unknown>]> = [
      [
        'customers',
        {
          customerName: 'Corner Dispensary',
          contactEmail: 'sam@corner.example',
          type: 'VIP',
          orderType: 'PICKUP',
          commpref: 'TEXT',
          priceAdjustment: -2.5,
          notes: '-5% on Fridays',
        },
      ],
      [
        'brands',
        { name: 'Green Valley Farms', skucode: 'GVF', excludeFromReporting: true, website: 'https://gv.example' },
      ],
      ['productTypes', { name: 'Flower' }],
      ['customPrices', { customer: 'Corner Dispensary', sku: 'GVF-FLO-0001', customPrice: 22 }],
    ];
    for (const [kind, record] of cases) expect(roundTrip(kind, [record])).toEqual([importFields(kind, record)]);
  });

  it('keeps text that would start a formula as text', () => {
    expect(['=1+1', '+1', '-x', '@a', 'plain'].map(safeText)).toEqual(["'=1+1", "'+1", "'-x", "'@a", 'plain']);
  });
});
