import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Brand, Product, PurchaseOrder, PurchasesReport } from '@bo/shared';
import { expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * Issue 25, the Purchasing report in Chromium: PURCHASING opens it from the navigation (this year by month), sees
 * Spend in the summary, the spend chart and the figures; groups by brand and finds a brand ordered today among the
 * rows and on order now. INVENTORY reads the same report by units, with no Spend anywhere.
 */

let page: Page;
let browser: Browser;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

const tag = Math.random().toString(36).slice(2, 8);
const brandName = `Ledger Supply ${tag}`;
const today = new Date().toISOString().slice(0, 10);

describe('purchasing report', () => {
  it('PURCHASING reads spend and groups by brand; INVENTORY sees no spend', async () => {
    await withFailureShots(page, 'reports-purchasing', purchasingReport);
  }, 240_000);
});

/** A pending purchase order of today for a brand of its own, placed over the API by PURCHASING (12 units at $7.50). */
async function orderedToday(): Promise<PurchaseOrder> {
  const [admin, purchasing] = await Promise.all([tokenFor('ADMIN'), tokenFor('PURCHASING')]);
  const type = await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
    token: admin,
    body: { name: `Supply type ${tag}` },
  });
  const brand = await call<Brand>('POST', '/api/db/brands/addNew', {
    token: admin,
    body: { name: brandName, skucode: `S${tag.slice(0, 4)}` },
  });
  const product = await call<Product>('POST', '/api/db/products/addNew', {
    token: admin,
    body: {
      name: `Supply item ${tag}`,
      brandID: brand.body.id,
      typeID: type.body.id,
      basePrice: 20,
      cost: 8,
      stock: 0,
    },
  });
  const created = await call<PurchaseOrder>('POST', '/api/db/purchases/new', {
    token: purchasing,
    body: {
      brandID: brand.body.id,
      expectedDeliveryOn: null,
      orderStatus: 'PENDING',
      notes: null,
      purchaseOrderItems: [{ productSku: product.body.sku, orderQuantity: 12, unitCost: 7.5 }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  // The figures follow the purchase orders through the stream: wait until the report counts the new brand.
  await expect
    .poll(
      async () => {
        const report = await call<PurchasesReport>(
          'GET',
          `/api/db/reports/purchases?from=${today}&to=${todayUtc()}&groupBy=brand&limit=500`,
          { token: purchasing },
        );
        return report.body.series?.some((s) => s.label === brandName) ?? false;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return created.body;
}

async function purchasingReport() {
  await orderedToday();
  const { webUrl } = stackInfo();
  const purchasing = userFor('PURCHASING');
  await signIn(page, webUrl, purchasing.email, purchasing.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await page.getByRole('link', { name: 'Purchasing', exact: true }).first().click();
  await page.waitForURL(/\/reports\/purchases/);
  await page.getByRole('heading', { name: 'Purchasing', level: 1 }).waitFor();

  const table = page.getByRole('table', { name: 'Purchasing figures' });
  // Not grouped: a row per month, with spend; the summary leads with Spend; the chart draws spend.
  await table.getByRole('columnheader', { name: /Spend/ }).waitFor();
  await page.getByRole('heading', { name: 'Spend by period' }).waitFor();
  await page.getByLabel('Spend by period').first().waitFor();
  await page.getByLabel('Purchasing summary').getByText('Spend', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Rebuild figures' }).count()).toBe(0);

  // Grouped by brand: the brand ordered today is a row, and on order now.
  await page.getByRole('button', { name: /Group by/ }).click();
  await page.getByRole('option', { name: 'Brand', exact: true }).click();
  await page.waitForURL(/groupBy=brand/);
  await table.getByRole('columnheader', { name: /^Brand/ }).waitFor();
  const row = table.getByRole('row').filter({ hasText: brandName });
  await row.waitFor();
  await row.getByText('$90.00').waitFor();
  const onOrder = page.getByRole('table', { name: 'On order now' });
  const onOrderRow = onOrder.getByRole('row').filter({ hasText: brandName });
  await onOrderRow.waitFor();
  await onOrderRow.getByText('$90.00').waitFor();
  expect(await page.getByRole('link', { name: 'Open purchase orders' }).getAttribute('href')).toBe('/purchases');
  await screenshot(page, 'reports-purchasing-by-brand');
  await expectAccessible(page, 'purchasing report by brand');

  // INVENTORY: the same figures by units, with no spend anywhere.
  const inventory = userFor('INVENTORY');
  const inventoryPage = await newPage(browser);
  await signIn(inventoryPage, webUrl, inventory.email, inventory.password);
  await inventoryPage.getByRole('heading', { name: /Welcome/ }).waitFor();
  await inventoryPage.goto(`${webUrl}/reports/purchases?groupBy=brand`);
  const inventoryTable = inventoryPage.getByRole('table', { name: 'Purchasing figures' });
  await inventoryTable.getByRole('row').filter({ hasText: brandName }).waitFor();
  await inventoryPage
    .getByRole('table', { name: 'On order now' })
    .getByRole('row')
    .filter({ hasText: brandName })
    .waitFor();
  await inventoryPage.getByRole('heading', { name: 'Units by period' }).waitFor();
  expect(await inventoryTable.getByRole('columnheader', { name: /Units/ }).count()).toBe(1);
  expect(await inventoryPage.getByRole('columnheader', { name: /Spend/ }).count()).toBe(0);
  expect(await inventoryPage.getByText('Spend', { exact: true }).count()).toBe(0);
  expect(await inventoryPage.getByText('$90.00').count()).toBe(0);
  await screenshot(inventoryPage, 'reports-purchasing-inventory');
  await expectAccessible(inventoryPage, 'purchasing report for INVENTORY');
  await inventoryPage.context().close();
}
