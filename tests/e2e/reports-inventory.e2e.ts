import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { stackInfo, userFor } from '../support/stack';

/**
 * Issue 25, the Inventory report in Chromium: ADMIN opens it from the navigation, sees the valuation (value, a
 * chart and the table), looks at a past month's end, switches to the slow movers (another number of days) and the
 * stock limits, and downloads each tab's spreadsheet. INVENTORY reads the same report by units, with no value
 * anywhere; SALES is not offered it.
 */

let page: Page;
let browser: Browser;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

describe('inventory report', () => {
  it('ADMIN reads the three tabs and downloads each; INVENTORY sees no value; SALES has no entry', async () => {
    await withFailureShots(page, 'reports-inventory', inventoryReport);
  }, 240_000);
});

const sideNav = (p: Page) => p.getByRole('navigation', { name: 'Side navigation' });

/** Clicks the tab's Download .xlsx and answers the file's name and size. */
async function download(p: Page): Promise<{ name: string; bytes: number }> {
  const button = p.getByRole('button', { name: 'Download .xlsx' });
  const [file] = await Promise.all([p.waitForEvent('download'), button.click()]);
  const path = (await file.path())!;
  return { name: file.suggestedFilename(), bytes: readFileSync(path).length };
}

/** The table's first data row, or its empty state. */
const rowsOrEmpty = (p: Page, table: string, empty: string) =>
  p
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .first()
    .or(p.getByText(empty, { exact: true }).first());

async function inventoryReport() {
  const { webUrl } = stackInfo();
  const admin = userFor('ADMIN');
  await signIn(page, webUrl, admin.email, admin.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await sideNav(page).getByRole('link', { name: 'Inventory', exact: true }).click();
  await page.waitForURL(/\/reports\/inventory$/);
  await page.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();

  // Valuation, now: value in the summary and the table, the chart of value by brand.
  const valuation = page.getByRole('table', { name: 'Stock valuation' });
  await valuation.getByRole('columnheader', { name: /Value/ }).first().waitFor();
  await valuation.locator('tbody tr').first().getByRole('link').waitFor();
  await page.getByLabel('Valuation summary').getByText('Value', { exact: true }).waitFor();
  await page.getByRole('heading', { name: 'Value by brand' }).waitFor();
  await page.getByLabel('Value by brand').first().waitFor();
  const brandLink = await valuation.locator('tbody tr').first().getByRole('link').getAttribute('href');
  expect(brandLink).toMatch(/^\/orders\?brand=/);
  await screenshot(page, 'reports-inventory-valuation');
  await expectAccessible(page, 'inventory valuation');
  const now = await download(page);
  expect(now.name).toBe('inventory-valuation-now-by-brand.xlsx');
  expect(now.bytes).toBeGreaterThan(0);

  // By type, then last month's end.
  await page.getByRole('button', { name: 'By type', exact: true }).click();
  await page.waitForURL(/view=type/);
  await valuation.getByRole('columnheader', { name: /Product type/ }).waitFor();
  await page.getByRole('button', { name: /As of/ }).click();
  await page.getByRole('option').nth(1).click();
  await page.waitForURL(/asOf=\d{4}-\d{2}/);
  const asOf = new URL(page.url()).searchParams.get('asOf')!;
  await page
    .getByText(/^End of /)
    .first()
    .waitFor();
  await rowsOrEmpty(page, 'Stock valuation', 'No stock on hand').waitFor();
  const past = await download(page);
  expect(past.name).toBe(`inventory-valuation-${asOf}-by-type.xlsx`);
  expect(past.bytes).toBeGreaterThan(0);

  // Slow movers, 30 days.
  await page.getByRole('tab', { name: 'Slow movers' }).click();
  await page.waitForURL(/tab=slow/);
  await page.getByLabel('Slow movers summary').waitFor();
  await page.getByRole('button', { name: /No sale in/ }).click();
  await page.getByRole('option', { name: '30 days', exact: true }).click();
  await page.waitForURL(/days=30/);
  // The summary says which days it counted: the new answer is in.
  await page.getByText(/^No sale in the last 30 days/).waitFor();
  await rowsOrEmpty(page, 'Slow movers', 'No slow movers').waitFor();
  if (await page.getByRole('button', { name: 'Download .xlsx' }).isEnabled()) {
    const slow = await download(page);
    expect(slow.name).toMatch(/^slow-movers-30-days-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(slow.bytes).toBeGreaterThan(0);
  }
  await screenshot(page, 'reports-inventory-slow');
  await expectAccessible(page, 'slow movers');

  // Stock limits.
  await page.getByRole('tab', { name: 'Stock limits' }).click();
  await page.waitForURL(/tab=limits/);
  await page.getByTestId('limit-counts').waitFor();
  await rowsOrEmpty(page, 'Stock limits', 'No stock limits').waitFor();
  await page.getByLabel('Fullest limits').first().or(page.getByTestId('limits-empty')).first().waitFor();
  if (await page.getByRole('button', { name: 'Download .xlsx' }).isEnabled()) {
    const limits = await download(page);
    expect(limits.name).toMatch(/^stock-limits-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(limits.bytes).toBeGreaterThan(0);
  }
  await screenshot(page, 'reports-inventory-limits');
  await expectAccessible(page, 'stock limits');

  // INVENTORY: units only, no value anywhere.
  const inventory = userFor('INVENTORY');
  const inventoryPage = await newPage(browser);
  await signIn(inventoryPage, webUrl, inventory.email, inventory.password);
  await inventoryPage.getByRole('heading', { name: /Welcome/ }).waitFor();
  await sideNav(inventoryPage).getByRole('link', { name: 'Inventory', exact: true }).click();
  await inventoryPage.waitForURL(/\/reports\/inventory$/);
  const units = inventoryPage.getByRole('table', { name: 'Stock valuation' });
  await units.locator('tbody tr').first().getByRole('link').waitFor();
  await inventoryPage.getByRole('heading', { name: 'Units by brand' }).waitFor();
  expect(await units.getByRole('columnheader', { name: /Units/ }).count()).toBeGreaterThan(0);
  expect(await inventoryPage.getByRole('columnheader', { name: /Value/ }).count()).toBe(0);
  expect(await inventoryPage.getByLabel('Valuation summary').getByText('Value', { exact: true }).count()).toBe(0);
  await inventoryPage.getByRole('tab', { name: 'Slow movers' }).click();
  await inventoryPage.getByLabel('Slow movers summary').waitFor();
  await rowsOrEmpty(inventoryPage, 'Slow movers', 'No slow movers').waitFor();
  expect(await inventoryPage.getByRole('columnheader', { name: /Value/ }).count()).toBe(0);
  await screenshot(inventoryPage, 'reports-inventory-for-inventory');
  await expectAccessible(inventoryPage, 'inventory report for INVENTORY');
  await inventoryPage.context().close();

  // SALES: neither report in the navigation.
  const sales = userFor('SALES');
  const salesPage = await newPage(browser);
  await signIn(salesPage, webUrl, sales.email, sales.password);
  await salesPage.getByRole('heading', { name: /Welcome/ }).waitFor();
  await sideNav(salesPage).getByRole('link', { name: 'My profile' }).waitFor();
  expect(await sideNav(salesPage).getByRole('link', { name: 'Inventory', exact: true }).count()).toBe(0);
  expect(await sideNav(salesPage).locator('a[href="/reports/inventory"]').count()).toBe(0);
  expect(await sideNav(salesPage).locator('a[href="/reports/receivables"]').count()).toBe(0);
  await salesPage.context().close();
}
