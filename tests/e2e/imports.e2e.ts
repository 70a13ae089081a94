import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { csv } from '../support/imports';
import { stackInfo, userFor } from '../support/stack';

/**
 * Issue 24, section 1 in Chromium: a purchasing user opens Imports for brands, uploads a CSV with two good rows and
 * one without a name, sees the dry run (the refused row and why, the counts), commits it through the confirmation,
 * watches it finish, and finds the new brands on the Brands page. A sales user is offered only customers and their
 * prices.
 */

let page: Page;
let browser: Browser;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

const tag = Math.random().toString(36).slice(2, 8);
const HEADER = ['Brand name', 'SKU code', 'Rep name', 'Rep phone', 'Rep email', 'Website', 'Exclude from reporting'];

describe('spreadsheet imports', () => {
  it('a purchasing user imports brands: dry run with a refused row, commit, result, the new brands listed', async () => {
    await withFailureShots(page, 'imports', importBrands);
  }, 240_000);

  it('a sales user may import only customers and custom prices', async () => {
    const salesPage = await newPage(browser);
    await withFailureShots(salesPage, 'imports-sales', () => salesKinds(salesPage));
  }, 120_000);
});

async function importBrands() {
  const { webUrl } = stackInfo();
  const purchasing = userFor('PURCHASING');
  await signIn(page, webUrl, purchasing.email, purchasing.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();

  // The Brands page's Import button opens Imports for brands.
  await page.goto(`${webUrl}/brands`);
  await page.getByRole('link', { name: 'Import', exact: true }).first().click();
  await page.waitForURL(/\/imports\?kind=brands$/);
  await page.getByRole('heading', { name: 'New import' }).waitFor();
  await page.getByText('Required columns:').waitFor();
  await expect.poll(() => page.getByLabel('What to import').textContent()).toContain('Brands');

  const alpha = `Import Alpha ${tag}`;
  const beta = `Import Beta ${tag}`;
  const file = csv([
    HEADER,
    [alpha, `IA${tag}`, 'Dana Lee', '555-0100', 'dana@alpha.example', 'https://alpha.example', 'no'],
    ['', `IX${tag}`, 'No Name', '', '', '', ''],
    [beta, `IB${tag}`, '', '', '', '', 'yes'],
  ]);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: `brands-${tag}.csv`, mimeType: 'text/csv', buffer: file });
  await page.getByText(`brands-${tag}.csv`).first().waitFor();
  await page.getByRole('button', { name: 'Upload and check' }).click();

  // The dry run: both brands to create, the nameless row refused with the API's reason.
  const table = page.getByRole('table', { name: 'Dry run' });
  await table.getByText('Brand name is required').waitFor({ timeout: 60_000 });
  await page.waitForURL(/\/imports\/[^/?]+$/);
  await expect.poll(() => page.getByTestId('count-create').textContent()).toMatch(/Create\s*2$/);
  await expect.poll(() => page.getByTestId('count-refuse').textContent()).toMatch(/Refused\s*1$/);
  await table.getByRole('row', { name: new RegExp(alpha) }).waitFor();
  await table.getByText('Rep name: Dana Lee', { exact: false }).waitFor();

  // The text filter finds the refused row by its reason.
  await page.getByRole('searchbox', { name: 'Find rows' }).fill('required');
  await page.getByText('1 match', { exact: true }).first().waitFor();
  await expect.poll(() => table.getByRole('row').count()).toBe(2);
  await page.getByRole('searchbox', { name: 'Find rows' }).fill('');
  await screenshot(page, 'imports-dry-run');
  await expectAccessible(page, 'Import dry run');

  // Commit, confirmed; then what it wrote.
  await page.getByRole('button', { name: 'Commit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Commit import' });
  await dialog.getByText('Create 2 and update 0 records? 1 refused and 0 unchanged rows are left out.').waitFor();
  await dialog.getByRole('button', { name: 'Commit', exact: true }).click();
  await page.getByText('Created 2 records, updated 0 records.', { exact: false }).waitFor({ timeout: 120_000 });
  await page.getByText('Import finished', { exact: true }).waitFor();
  await screenshot(page, 'imports-result');

  // Recent imports lists it as done.
  const recent = page.getByRole('table', { name: 'Recent imports' });
  await recent.getByRole('row', { name: new RegExp(`brands-${tag}\\.csv.*Done`) }).waitFor();

  // The new brands are on the Brands page.
  await page.getByRole('link', { name: 'Open Brands' }).click();
  await page.waitForURL(/\/brands$/);
  await page.getByRole('searchbox', { name: 'Filter brands' }).fill(tag);
  await page.getByRole('row', { name: new RegExp(alpha) }).waitFor();
  await page.getByRole('row', { name: new RegExp(beta) }).waitFor();
}

async function salesKinds(salesPage: Page) {
  const { webUrl } = stackInfo();
  const sales = userFor('SALES');
  await signIn(salesPage, webUrl, sales.email, sales.password);
  await salesPage.getByRole('heading', { name: /Welcome/ }).waitFor();
  await salesPage.goto(`${webUrl}/imports`);
  await salesPage.getByRole('heading', { name: 'New import' }).waitFor();
  await salesPage.getByLabel('What to import').click();
  await salesPage.getByRole('option', { name: 'Custom prices' }).waitFor();
  await salesPage
    .getByRole('option')
    .filter({ hasText: /^Customers/ })
    .waitFor();
  expect(await salesPage.getByRole('option').count()).toBe(2);
  await salesPage.keyboard.press('Escape');

  // The Customers page offers both as its Import menu.
  await salesPage.goto(`${webUrl}/customers`);
  await salesPage.getByRole('button', { name: 'Import', exact: true }).click();
  await salesPage.getByRole('menuitem', { name: 'Custom prices' }).click();
  await salesPage.waitForURL(/\/imports\?kind=customPrices$/);
  await expect.poll(() => salesPage.getByLabel('What to import').textContent()).toContain('Custom prices');
}
