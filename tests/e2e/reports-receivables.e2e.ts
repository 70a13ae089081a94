import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { stackInfo, userFor } from '../support/stack';

/**
 * Issue 25, the Receivables report in Chromium: ADMIN opens it from the navigation (the last 12 months), sees the
 * ageing with its way to the customers, the DSO and balance charts and a row per month linking to its orders,
 * narrows the months and downloads the spreadsheet. SALES (who has the Receivables page) is not offered the report.
 */

let page: Page;
let browser: Browser;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

describe('receivables report', () => {
  it('ADMIN reads ageing and months, narrows the range and downloads; SALES has no entry', async () => {
    await withFailureShots(page, 'reports-receivables', receivablesReport);
  }, 180_000);
});

const sideNav = (p: Page) => p.getByRole('navigation', { name: 'Side navigation' });
const month = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

async function receivablesReport() {
  const { webUrl } = stackInfo();
  const admin = userFor('ADMIN');
  await signIn(page, webUrl, admin.email, admin.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await sideNav(page).getByRole('link', { name: 'Receivables & DSO', exact: true }).click();
  await page.waitForURL(/\/reports\/receivables$/);
  await page.getByRole('heading', { name: 'Receivables & DSO', level: 1 }).waitFor();

  const table = page.getByRole('table', { name: 'Receivables by month' });
  await table.locator('tbody tr').nth(11).waitFor();
  expect(await table.locator('tbody tr').count()).toBe(12);
  await page.getByLabel('Ageing summary').getByText('Balance due').waitFor();
  await page.getByLabel('Days sales outstanding').first().waitFor();
  await page.getByLabel('Owed at month end').first().waitFor();
  expect(await page.getByRole('link', { name: 'See customers' }).getAttribute('href')).toBe('/receivables');
  const today = new Date();
  const thisMonth = month(today);
  const first = `${thisMonth}-01`;
  const href = await table
    .getByRole('link', { name: /^Orders of / })
    .last()
    .getAttribute('href');
  expect(href).toMatch(new RegExp(`^/orders\\?from=${first}&to=${thisMonth}-\\d{2}$`));
  await screenshot(page, 'reports-receivables');
  await expectAccessible(page, 'receivables report');

  // From two months ago: three months.
  const from = month(new Date(today.getFullYear(), today.getMonth() - 2, 1));
  await page.getByRole('button', { name: /^From/ }).click();
  await page
    .getByRole('option', {
      name: new Date(`${from}-15T12:00:00`).toLocaleString('en-US', { month: 'long', year: 'numeric' }),
      exact: true,
    })
    .click();
  await page.waitForURL(new RegExp(`from=${from}`));
  await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(3);

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .xlsx' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`receivables-${from}-to-${thisMonth}.xlsx`);
  expect(readFileSync((await file.path())!).length).toBeGreaterThan(0);

  // SALES has the customers' Receivables page, not the report.
  const sales = userFor('SALES');
  const salesPage = await newPage(browser);
  await signIn(salesPage, webUrl, sales.email, sales.password);
  await salesPage.getByRole('heading', { name: /Welcome/ }).waitFor();
  await sideNav(salesPage).getByRole('link', { name: 'My profile' }).waitFor();
  expect(await sideNav(salesPage).getByRole('link', { name: 'Receivables', exact: true }).count()).toBe(1);
  expect(await sideNav(salesPage).locator('a[href="/reports/receivables"]').count()).toBe(0);
  await salesPage.context().close();
}
