import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_KINDS, IMPORT_ROW_MESSAGES, columnIndexes, readRow, templateRows } from '../src/index';

/** What each import takes (issue 24): the template and reading a row are written from one list of columns. */

describe('templates and header rows', () => {
  it.each(IMPORT_KINDS)('%s: the template reads back as its own header row and a valid sample', (kind) => {
    const [headers, sample] = templateRows(kind);
    const found = columnIndexes(kind, headers!);
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(readRow(kind, found.indexes, sample!)).toMatchObject({ ok: true });
    expect(IMPORT_COLUMNS[kind].some((c) => c.required)).toBe(true);
  });

  it('finds columns in any order and case, and names what is missing or unknown', () => {
    const found = columnIndexes('customPrices', ['custom PRICE', 'SKU', '', 'Customer  name']);
    expect(found).toMatchObject({ ok: true });
    if (found.ok)
      expect([...found.indexes]).toEqual([
        ['customPrice', 0],
        ['sku', 1],
        ['customer', 3],
      ]);
    expect(columnIndexes('customPrices', ['SKU', 'Custom price'])).toEqual({
      ok: false,
      message: IMPORT_ROW_MESSAGES.missingColumns(['Customer name']),
    });
    expect(columnIndexes('productTypes', ['Type name', 'Colour'])).toEqual({
      ok: false,
      message: IMPORT_ROW_MESSAGES.unknownColumns(['Colour']),
    });
  });
});

describe('a row', () => {
  const [headers] = templateRows('products');
  const found = columnIndexes('products', headers!);
  const indexes = found.ok ? found.indexes : new Map<string, number>();
  const at = (field: string) => indexes.get(field)!;
  const row = (values: Record<string, unknown>) => {
    const cells: unknown[] = headers!.map(() => '');
    for (const [field, value] of Object.entries(values)) cells[at(field)] = value;
    return cells;
  };

  it('parses numbers, money and yes/no in local writing and upper-cases choices', () => {
    const read = readRow(
      'products',
      indexes,
      row({
        name: 'Kush',
        brand: 'GVF',
        type: 'Flower',
        basePrice: '$1.234,50',
        hasBatch: 'No',
        status: 'coming soon',
      }),
    );
    expect(read).toEqual({
      ok: true,
      values: { name: 'Kush', brand: 'GVF', type: 'Flower', basePrice: 1234.5, hasBatch: false, status: 'COMINGSOON' },
    });
  });

  it('names each bad cell by its column, required ones included', () => {
    const read = readRow('products', indexes, row({ name: 'Kush', basePrice: 'ten', weight: '=B2*2' }));
    expect(read).toEqual({
      ok: false,
      issues: [
        { field: 'brand', message: 'Brand is required' },
        { field: 'type', message: 'Type is required' },
        { field: 'weight', message: 'Weight (g): Formulas are not imported: paste the value instead' },
        { field: 'basePrice', message: 'Base price: "ten" is not a number' },
      ],
    });
  });
});
