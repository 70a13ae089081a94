import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Brand, Customer, Order, Product, SalesReport } from '@bo/shared';
import { expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * Issue 25, the Sales report in Chromium: ADMIN opens it (this year by month), sees the summary, the chart and the
 * table with revenue, profit and margin; groups by brand and finds a brand sold today among the rows, its label a
 * link to the orders of that brand. SALES sees the report without cost, profit or margin and without a rebuild.
 */

let page: Page;
let browser: Browser;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

const tag = Math.random().toString(36).slice(2, 8);
const brandName = `Ledger Farms ${tag}`;
// The day this file loaded; a range that must hold what a test has just written ends at `todayUtc()`, the API's day
// read when used, since a run can cross midnight between the two.
const today = new Date().toISOString().slice(0, 10);

describe('sales report', () => {
  it('ADMIN reads figures with margins and groups by brand; SALES sees no costs and no rebuild', async () => {
    await withFailureShots(page, 'reports', salesReport);
  }, 240_000);
});

/** The user id (Cognito `sub`) of an ID token. */
const subOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

/** A delivered order of today of a brand of its own, made over the API by SALES (their own customer). */
async function soldToday(): Promise<Order> {
  const [admin, sales] = await Promise.all([tokenFor('ADMIN'), tokenFor('SALES')]);
  const type = await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
    token: admin,
    body: { name: `Ledger type ${tag}` },
  });
  const brand = await call<Brand>('POST', '/api/db/brands/addNew', {
    token: admin,
    body: { name: brandName, skucode: `L${tag.slice(0, 4)}` },
  });
  const product = await call<Product>('POST', '/api/db/products/addNew', {
    token: admin,
    body: {
      name: `Ledger item ${tag}`,
      brandID: brand.body.id,
      typeID: type.body.id,
      basePrice: 30,
      cost: 12,
      stock: 20,
    },
  });
  const customer = await call<Customer>('POST', '/api/db/customers/addNew', {
    token: sales,
    // Owned by the SALES user, so their own report counts it.
    body: { customerName: `Ledger Buyer ${tag}`, accountOwnerID: subOf(sales) },
  });
  const created = await call<Order>('POST', '/api/db/orders/new', {
    token: sales,
    body: {
      customerID: customer.body.id,
      pickupOrder: true,
      products: [{ productSku: product.body.sku, productBatchId: null, quantity: 3, unitPrice: 25 }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const delivered = await call<Order>('PUT', `/api/db/orders/update/${created.body.id}`, {
    token: sales,
    body: { orderStatus: 'DELIVERED' },
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  // The figures follow the orders through the stream: wait until the report counts the new brand.
  await expect
    .poll(
      async () => {
        const report = await call<SalesReport>(
          'GET',
          `/api/db/reports/sales?from=${today}&to=${todayUtc()}&interval=day&groupBy=brand`,
          { token: admin },
        );
        return report.body.series?.some((s) => s.label === brandName) ?? false;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return delivered.body;
}

async function salesReport() {
  await soldToday();
  const { webUrl } = stackInfo();
  const admin = userFor('ADMIN');
  await signIn(page, webUrl, admin.email, admin.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await page.getByRole('link', { name: 'Sales', exact: true }).first().click();
  await page.waitForURL(/\/reports\/sales/);
  await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor();

  const table = page.getByRole('table', { name: 'Sales figures' });
  // Not grouped: a row per month, with revenue, profit and margin.
  await table.getByRole('columnheader', { name: /Profit/ }).waitFor();
  await table.getByRole('columnheader', { name: /Margin/ }).waitFor();
  await expect.poll(() => table.getByRole('link', { name: /^Orders of / }).count()).toBeGreaterThan(0);
  await page.getByRole('heading', { name: 'Revenue by period' }).waitFor();
  await page.getByLabel('Revenue by period').first().waitFor();
  await expect.poll(() => page.getByText('Profit', { exact: true }).count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Rebuild figures' }).first().waitFor();

  // Grouped by brand: the brand sold today is a row, linking to its orders.
  await page.getByRole('button', { name: /Group by/ }).click();
  await page.getByRole('option', { name: 'Brand', exact: true }).click();
  await page.waitForURL(/groupBy=brand/);
  await table.getByRole('columnheader', { name: /^Brand/ }).waitFor();
  const brandLink = table.getByRole('link', { name: `Orders of ${brandName}` });
  await brandLink.waitFor();
  expect(await brandLink.getAttribute('href')).toContain(`brand=${encodeURIComponent(brandName).replace(/%20/g, '+')}`);
  await screenshot(page, 'reports-sales-by-brand');
  await expectAccessible(page, 'sales report by brand');

  // The link lands on the orders of that brand.
  await brandLink.click();
  await page.waitForURL(/\/orders\?/);
  await page.getByText(`Brand = ${brandName}`).waitFor();
  await page.getByText(`Ledger Buyer ${tag}`).first().waitFor();
  await page.getByText('1 match', { exact: true }).first().waitFor();

  // SALES: their own customers, no cost, profit or margin, no rebuild.
  const sales = userFor('SALES');
  const salesPage = await newPage(browser);
  await signIn(salesPage, webUrl, sales.email, sales.password);
  await salesPage.getByRole('heading', { name: /Welcome/ }).waitFor();
  await salesPage.goto(`${webUrl}/reports/sales?groupBy=brand`);
  const salesTable = salesPage.getByRole('table', { name: 'Sales figures' });
  await salesTable.getByRole('link', { name: `Orders of ${brandName}` }).waitFor();
  expect(await salesTable.getByRole('columnheader', { name: /Revenue/ }).count()).toBe(1);
  expect(await salesTable.getByRole('columnheader', { name: /Profit|Margin|Cost/ }).count()).toBe(0);
  expect(await salesPage.getByText('Profit', { exact: true }).count()).toBe(0);
  expect(await salesPage.getByRole('button', { name: 'Rebuild figures' }).count()).toBe(0);
  await screenshot(salesPage, 'reports-sales-sales-user');
  await salesPage.context().close();
}
