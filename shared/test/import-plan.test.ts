import { describe, expect, it } from 'vitest';
import {
  IMPORT_PLAN_MESSAGES,
  columnIndexes,
  nameKey,
  planCounts,
  planImport,
  priceKey,
  productNameKey,
  templateRows,
  type ExistingRecords,
  type ImportKind,
} from '../src/index';

/** The dry run of an import (issue 24): what each row would do, and why a row is refused, in the API's messages. */

const existing: ExistingRecords = {
  brands: new Map([
    [nameKey('Green Valley Farms'), { id: 'b1', fields: { name: 'Green Valley Farms', skucode: 'GVF' } }],
  ]),
  types: new Map([[nameKey('Flower'), { id: 't1', fields: { name: 'Flower' } }]]),
  products: {
    bySku: new Map([
      [
        'GVF-FLO-0001',
        {
          id: 'p1',
          fields: {
            sku: 'GVF-FLO-0001',
            name: 'Blue Dream',
            brandID: 'b1',
            typeID: 't1',
            basePrice: 25,
            status: 'ACTIVE',
          },
        },
      ],
    ]),
    byBrandAndName: new Map([
      [
        productNameKey('b1', 'Blue Dream'),
        {
          id: 'p1',
          fields: {
            sku: 'GVF-FLO-0001',
            name: 'Blue Dream',
            brandID: 'b1',
            typeID: 't1',
            basePrice: 25,
            status: 'ACTIVE',
          },
        },
      ],
    ]),
  },
  customers: new Map([
    [nameKey('Corner Dispensary'), { id: 'c1', fields: { customerName: 'Corner Dispensary', type: 'RETAIL' } }],
  ]),
  prices: new Map([[priceKey('c1', 'p1'), 2_200]]),
};

/** Rows of a file of this kind: each a record by header. */
function plan(kind: ImportKind, rows: Array<Record<string, unknown>>) {
  const [headers] = templateRows(kind);
  const found = columnIndexes(kind, headers!);
  if (!found.ok) throw new Error(found.message);
  return planImport(
    kind,
    found.indexes,
    rows.map((r, i) => ({ row: i + 2, cells: headers!.map((h) => r[h] ?? '') })),
    existing,
  );
}

describe('products', () => {
  it('creates, updates by SKU or by brand and name, leaves equal rows alone, and refuses with reasons', () => {
    const result = plan('products', [
      { 'Product name': 'Sour Diesel', Brand: 'green valley farms', Type: 'FLOWER', 'Base price': '30' },
      {
        SKU: 'GVF-FLO-0001',
        'Product name': 'Blue Dream',
        Brand: 'Green Valley Farms',
        Type: 'Flower',
        'Base price': '27,50',
      },
      {
        'Product name': 'Blue Dream',
        Brand: 'Green Valley Farms',
        Type: 'Flower',
        'Base price': '25.00',
        Status: 'Active',
      },
      { 'Product name': 'Runtz', Brand: 'Nope Farms', Type: 'Gummies', 'Base price': '5' },
      { SKU: 'GVF-FLO-9999', 'Product name': 'Ghost', Brand: 'Green Valley Farms', Type: 'Flower', 'Base price': '5' },
      { 'Product name': 'Cheap', Brand: 'Green Valley Farms', Type: 'Flower', 'Base price': '-1' },
      {
        'Product name': 'Bad status',
        Brand: 'Green Valley Farms',
        Type: 'Flower',
        'Base price': '1',
        Status: 'Sold out',
      },
    ]);
    expect(result.map((r) => r.action)).toEqual([
      'create',
      'update',
      'unchanged',
      'refuse',
      'create',
      'refuse',
      'refuse',
    ]);
    expect(result[0]!.body).toMatchObject({
      name: 'Sour Diesel',
      brandID: 'b1',
      typeID: 't1',
      basePrice: 30,
      status: 'ACTIVE',
    });
    expect(result[1]).toMatchObject({ id: 'p1', changed: ['basePrice'], body: { basePrice: 27.5 } });
    expect(result[3]!.issues!.map((i) => i.message)).toEqual([
      IMPORT_PLAN_MESSAGES.unknownBrand('Nope Farms'),
      IMPORT_PLAN_MESSAGES.unknownType('Gummies'),
    ]);
    // A SKU the catalogue lacks: the product moves in with it.
    expect(result[4]).toMatchObject({ action: 'create', body: { sku: 'GVF-FLO-9999', name: 'Ghost', brandID: 'b1' } });
    expect(result[5]!.issues![0]!.message).toBe('Base price: Must not be negative');
    expect(result[6]!.issues![0]!.message).toMatch(/^Status must be one of ACTIVE, INACTIVE/);
    expect(planCounts(result)).toEqual({ create: 2, update: 1, unchanged: 1, refuse: 3 });
  });

  it('refuses an unknown SKU on a product its brand already has by name, and a SKU of the wrong shape', () => {
    const result = plan('products', [
      {
        SKU: 'GVF-FLO-7777',
        'Product name': 'Blue Dream',
        Brand: 'Green Valley Farms',
        Type: 'Flower',
        'Base price': '5',
      },
      { SKU: 'GVF FLO/1', 'Product name': 'Odd', Brand: 'Green Valley Farms', Type: 'Flower', 'Base price': '5' },
    ]);
    expect(result.map((r) => r.action)).toEqual(['refuse', 'refuse']);
    expect(result[0]!.issues![0]!.message).toMatch(/^No product has SKU GVF-FLO-7777, but a product of this brand/);
    expect(result[1]!.issues![0]!.message).toBe(IMPORT_PLAN_MESSAGES.skuFormat('GVF FLO/1'));
  });

  it('refuses a record the file holds twice, naming the first row', () => {
    const row = {
      SKU: 'GVF-FLO-0001',
      'Product name': 'Blue Dream',
      Brand: 'Green Valley Farms',
      Type: 'Flower',
      'Base price': '26',
    };
    const result = plan('products', [row, row]);
    expect(result[1]).toMatchObject({
      action: 'refuse',
      issues: [{ message: IMPORT_PLAN_MESSAGES.duplicate('GVF-FLO-0001', 2) }],
    });
  });

  it('refuses a row with a required cell missing, by its column', () => {
    const [only] = plan('products', [{ 'Product name': 'No price', Brand: 'Green Valley Farms', Type: 'Flower' }]);
    expect(only).toMatchObject({ action: 'refuse', label: 'Row 2', issues: [{ message: 'Base price is required' }] });
  });
});

describe('brands, types, customers and prices', () => {
  it('matches brands, types and customers by name, case-insensitively', () => {
    expect(plan('brands', [{ 'Brand name': 'GREEN VALLEY FARMS', 'SKU code': 'GVX' }])[0]).toMatchObject({
      action: 'update',
      changed: ['name', 'skucode'],
    });
    expect(plan('productTypes', [{ 'Type name': 'flower' }, { 'Type name': 'Edible' }]).map((r) => r.action)).toEqual([
      'unchanged',
      'create',
    ]);
    const customers = plan('customers', [
      { 'Customer name': 'Corner Dispensary', 'Customer type': 'vip' },
      { 'Customer name': 'New Shop', 'Contact email': 'not-an-email' },
    ]);
    expect(customers[0]).toMatchObject({ action: 'update', body: { type: 'VIP' } });
    expect(customers[1]).toMatchObject({
      action: 'refuse',
      issues: [{ message: 'Contact email: Enter a valid email address' }],
    });
  });

  it("prices a customer's products by SKU: create, update, unchanged, unknown customer or SKU refused", () => {
    const result = plan('customPrices', [
      { 'Customer name': 'Corner Dispensary', SKU: 'GVF-FLO-0001', 'Custom price': '22.00' },
      { 'Customer name': 'corner dispensary', SKU: 'GVF-FLO-0001', 'Custom price': '21' },
      { 'Customer name': 'Nobody', SKU: 'NOPE-1', 'Custom price': '1' },
    ]);
    expect(result.map((r) => r.action)).toEqual(['unchanged', 'refuse', 'refuse']);
    expect(result[1]!.issues![0]!.message).toMatch(/is also on row 2/);
    expect(result[2]!.issues!.map((i) => i.field)).toEqual(['customer', 'sku']);
  });
});
