import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { columnIndexes, IMPORT_COLUMNS, readRow, type Customer } from '@bo/shared';
import { expectAccessible, screenshot, signIn } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';

let page: Page;
useBrowserPage((p) => (page = p));

/** Opens the Export menu and saves what `item` builds; answers the file's name, where it is and its bytes. */
async function exportFile(item: RegExp): Promise<{ name: string; path: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  const path = (await download.path())!;
  return { name: download.suggestedFilename(), path, bytes: readFileSync(path) };
}

describe('exports in the import format (issue 24, section 2)', () => {
  it('a sales user exports the filtered products as .xlsx and all customers as CSV, each importable as is', async () => {
    const { webUrl } = stackInfo();
    const sales = userFor('SALES');
    await signIn(page, webUrl, sales.email, sales.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();

    // Products: a search leaves some; the menu says how many and the file holds exactly those.
    await page.goto(`${webUrl}/products`);
    const heading = page.getByRole('heading', { name: /^Products \(\d+\/\d+\)/ });
    const shownCount = async () => Number(/\((\d+)\//.exec((await heading.textContent()) ?? '')![1]);
    const before = await shownCount();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('Blue Dream');
    await expect.poll(shownCount).toBeLessThan(before);
    const shown = await shownCount();
    expect(shown).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: /Excel \.xlsx \(import format\)/ }).waitFor();
    await page.getByText(`Exports the ${shown} filtered products`).first().waitFor();
    await expectAccessible(page, 'Products export menu');
    await screenshot(page, 'products-export-menu');
    await page.keyboard.press('Escape');

    const xlsx = await exportFile(/Excel \.xlsx \(import format\)/);
    expect(xlsx.name).toMatch(/^Products_export_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx.path);
    const sheet = workbook.getWorksheet('Products')!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1).map((v) => v ?? ''));
    const found = columnIndexes('products', rows[0]!);
    if (!found.ok) throw new Error(found.message);
    const products = rows.slice(1).map((r) => readRow('products', found.indexes, r));
    expect(products).toHaveLength(shown);
    for (const p of products) {
      expect(p.ok).toBe(true);
      if (p.ok) expect(String(p.values.name)).toMatch(/Blue Dream/);
    }

    // Customers: no filter, so every customer, in a CSV Excel opens with its accents.
    const customers = await call<Customer[]>('GET', '/api/db/customers/getAll', { token: await tokenFor('SALES') });
    await page.goto(`${webUrl}/customers`);
    await page.getByRole('grid', { name: 'Customers' }).getByRole('row').nth(1).waitFor();
    const csv = await exportFile(/CSV \(import format\)/);
    expect(csv.name).toMatch(/^Customers_export_\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(IMPORT_COLUMNS.customers.map((c) => c.header).join(','));
    for (const c of customers.body) expect(text).toContain(c.customerName);
    await page.getByText(/^Downloaded Customers_export_/).waitFor();
  });
});
