import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, MAX_IMPORT_ROWS, readSpreadsheet } from '../src/imports/read-file';

/** An import's file as rows (issue 24): CSV in either separator, .xlsx with its cell kinds, and bad files. */

const utf8 = (text: string) => new TextEncoder().encode(text);

async function workbook(rows: unknown[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Products');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('CSV', () => {
  it('reads quoted cells and a byte-order mark; rows keep their numbers, empty rows left out', async () => {
    const read = await readSpreadsheet(
      utf8('\uFEFFProduct name,Base price\n"Kush, Blue",25.00\n,\n\nRuntz,"1,234.50"\n'),
    );
    expect(read).toEqual({
      ok: true,
      header: ['Product name', 'Base price'],
      rows: [
        { row: 2, cells: ['Kush, Blue', '25.00'] },
        { row: 5, cells: ['Runtz', '1,234.50'] },
      ],
    });
  });

  it('reads semicolon-separated files as European Excel saves them', async () => {
    const read = await readSpreadsheet(utf8('Product name;Base price\nKush;12,50\n'));
    expect(read).toMatchObject({ ok: true, rows: [{ row: 2, cells: ['Kush', '12,50'] }] });
  });
});

describe('.xlsx', () => {
  it("reads the first sheet's numbers, dates, rich text and formulas as the cell readers take them", async () => {
    const day = new Date(Date.UTC(2026, 10, 27));
    const bytes = await workbook([
      ['Product name', 'Base price', 'Received', 'Cost'],
      [{ richText: [{ text: 'Blue ' }, { text: 'Dream' }] }, 25, day, { formula: 'B2/2', result: 12.5 }],
    ]);
    const read = await readSpreadsheet(bytes);
    expect(read).toEqual({
      ok: true,
      header: ['Product name', 'Base price', 'Received', 'Cost'],
      rows: [{ row: 2, cells: ['Blue Dream', 25, day, { formula: 'B2/2' }] }],
    });
  });

  it(`refuses more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows with a message`, async () => {
    const rows = [['Type name'], ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => [`Type ${i}`])];
    expect(await readSpreadsheet(await workbook(rows))).toEqual({
      ok: false,
      message: FILE_MESSAGES.tooManyRows(MAX_IMPORT_ROWS + 1),
    });
  });
});

describe('files that are not spreadsheets', () => {
  it.each([
    ['an empty file', new Uint8Array(), FILE_MESSAGES.empty],
    ['only a header', utf8('Type name\n\n'), FILE_MESSAGES.noData],
    ['an old .xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), FILE_MESSAGES.legacyExcel],
    ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), FILE_MESSAGES.notSpreadsheet],
  ])('%s: %s', async (_what, bytes, message) => {
    expect(await readSpreadsheet(bytes)).toEqual({ ok: false, message });
  });

  it('a zip that is not a workbook is refused with a message, not an error', async () => {
    const read = await readSpreadsheet(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(/^The file could not be read: /);
  });
});
