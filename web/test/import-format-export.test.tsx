import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportRows, IMPORT_COLUMNS } from '@bo/shared';
import { exportFileName, toCsv, toXlsx } from '../src/components/import-format-export';
import { templateGuide, templateRows } from '@bo/shared';
import { fakeApi, renderApp } from './helpers';
import { makeBrand, preloadCatalogModules, SALES } from './brands-fixtures';
import type * as DownloadModule from '../src/components/download-file';

/** The browser's save is not run: the test reads the file it was given. */
const download = vi.hoisted(() => vi.fn<(blob: Blob, fileName: string) => void>());
vi.mock('../src/components/download-file', async (importOriginal) => ({
  ...(await importOriginal<typeof DownloadModule>()),
  downloadBlob: download,
}));

beforeAll(async () => {
  await preloadCatalogModules();
  await Promise.all([import('../src/components/import-format-export'), import('../src/components/ExportButton')]);
});
beforeEach(() => download.mockClear());

const BOM = '\uFEFF';

/** A saved CSV's text with its byte order mark checked and taken off (Blob.text drops it, the bytes keep it). */
async function csvText(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes.slice(3));
}

describe('CSV in the import format', () => {
  it('quotes cells with a comma, quote or line break (inner quotes doubled), ends lines with CRLF after a BOM', () => {
    const csv = toCsv([
      ['Name', 'Notes'],
      ['Plain', 'a, b'],
      ['Say "hi"', 'line one\nline two'],
      ['Café', ''],
    ]);
    expect(csv).toBe(`${BOM}Name,Notes\r\nPlain,"a, b"\r\n"Say ""hi""","line one\nline two"\r\nCafé,\r\n`);
  });

  it('keeps a formula-like cell as text, with the apostrophe exportRows puts before it', () => {
    const rows = exportRows('brands', [{ name: '=HYPERLINK("x")', skucode: '-GV', excludeFromReporting: false }]);
    const csv = toCsv(rows);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",'-GV,,,,,no`);
  });

  it('names the file after the kind and the day', () => {
    expect(exportFileName('products', 'csv', '2026-11-27')).toBe('Products_export_2026-11-27.csv');
    expect(exportFileName('productTypes', 'xlsx', '2026-11-27')).toBe('Product_types_export_2026-11-27.xlsx');
  });
});

describe('.xlsx in the import format', () => {
  it('one sheet named after the kind, a bold header row, every cell text, columns sized to their content', async () => {
    const rows = exportRows('customPrices', [{ customer: 'Corner Dispensary', sku: '0012', customPrice: 22 }]);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(await toXlsx('customPrices', rows));
    expect(read.worksheets.map((s) => s.name)).toEqual(['Custom prices']);
    const sheet = read.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(IMPORT_COLUMNS.customPrices.map((c) => c.header));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['Corner Dispensary', '0012', '22.00']);
    expect(sheet.getColumn(1).width).toBe('Corner Dispensary'.length + 2);
  });

  it('a template gets dropdowns on its choice and yes/no columns and a "How to fill" sheet', async () => {
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(await toXlsx('products', templateRows('products'), templateGuide('products')));
    expect(read.worksheets.map((s) => s.name)).toEqual(['Products', 'How to fill']);
    const sheet = read.worksheets[0]!;
    const status = IMPORT_COLUMNS.products.findIndex((c) => c.field === 'status') + 1;
    const rule = sheet.getCell(2, status).dataValidation as { type?: string; formulae?: string[] };
    expect(rule.type).toBe('list');
    expect(rule.formulae?.[0]).toContain('ACTIVE');
    const eligible = IMPORT_COLUMNS.products.findIndex((c) => c.field === 'discountEligible') + 1;
    expect((sheet.getCell(500, eligible).dataValidation as { formulae?: string[] }).formulae).toEqual(['"yes,no"']);
    const guide = read.getWorksheet('How to fill')!;
    expect((guide.getRow(1).values as unknown[]).slice(1)).toEqual(['Column', 'Required', 'What it holds', 'Example']);
    const basePrice = (
      guide.getRow(IMPORT_COLUMNS.products.findIndex((c) => c.field === 'basePrice') + 2).values as unknown[]
    ).slice(1);
    expect(basePrice.slice(0, 2)).toEqual(['Base price', 'yes']);
  });
});

describe('Export menu on the Brands page', () => {
  it('exports the brands the filter leaves, in the import format, for a reader too', async () => {
    const user = userEvent.setup();
    const brands = [
      makeBrand({ id: 'b-1', name: 'Acme', skucode: 'ACM' }),
      makeBrand({ id: 'b-2', name: 'Bolt', skucode: 'BLT', brandRepEmail: 'bo@bolt.test', excludeFromReporting: true }),
      makeBrand({ id: 'b-3', name: 'Acorn, "the"', skucode: 'ACN' }),
    ];
    fakeApi()
      .on('GET', '/api/db/brands/getBrandsWithProductCount', { body: brands.map((b) => ({ ...b, count: 0 })) })
      .on('GET', '/api/db/brands/getAll', { body: { res: brands } })
      .on('GET', '/api/db/users/getAll', { body: { res: [] } });
    renderApp('/brands', SALES);
    const table = await screen.findByRole('grid', { name: 'Brands' });
    await within(table).findByText('Bolt');

    await user.type(screen.getByRole('searchbox', { name: 'Filter brands' }), 'ac');
    await waitFor(() => expect(within(table).queryByText('Bolt')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const csvItem = await screen.findByRole('menuitem', { name: /CSV \(import format\)/ });
    expect(csvItem).toHaveTextContent('Exports the 2 filtered brands');
    await user.click(csvItem);

    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [blob, fileName] = download.mock.calls[0]!;
    expect(fileName).toMatch(/^Brands_export_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await csvText(blob)).split('\r\n');
    expect(lines[0]).toBe(IMPORT_COLUMNS.brands.map((c) => c.header).join(','));
    expect(lines.slice(1, 3).map((l) => l.split(',')[0])).toEqual(['Acme', '"Acorn']);
    expect(lines[2]).toMatch(/^"Acorn, ""the""",ACN,/);
    expect(lines).toHaveLength(4); // header, two brands, the last line end
    expect(await screen.findByText(/^Downloaded Brands_export_/)).toBeInTheDocument();
  });
});
