import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { stackInfo, userFor } from '../support/stack';

/**
 * Issue 25, section 2, in Chromium: the home page is the caller's dashboard. ADMIN sees every section (the
 * month's business with its profit, sales, deliveries, the warehouse, purchasing, the pay period) above the area
 * cards; a DRIVER sees today's deliveries and nothing else.
 */

let page: Page;
let browser: Browser;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

const sectionHeading = (p: Page, name: string | RegExp) => p.getByRole('heading', { level: 2, name, exact: true });

describe('role dashboards', () => {
  it('ADMIN sees every section above the areas; a DRIVER only today’s deliveries', async () => {
    await withFailureShots(page, 'dashboard', dashboards);
  }, 180_000);
});

async function dashboards() {
  const { webUrl } = stackInfo();
  const admin = userFor('ADMIN');
  await signIn(page, webUrl, admin.email, admin.password);
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();

  for (const name of [
    "This month's business",
    'Sales',
    "Today's deliveries (all drivers)",
    'Warehouse',
    'Purchasing',
    'Pay period',
  ])
    await sectionHeading(page, name).waitFor();
  // The month with profit and margin, and by rep.
  const business = page.locator('[data-dashboard-section="business"]');
  await business.getByText('Gross profit', { exact: true }).first().waitFor();
  await business.getByText('Margin', { exact: true }).first().waitFor();
  await business.getByRole('table', { name: 'This month by rep' }).waitFor();
  // The warehouse lists orders to pack, linking to each order.
  const warehouse = page.locator('[data-dashboard-section="inventory"]');
  const toPack = warehouse.getByRole('table', { name: 'Oldest orders to pack' });
  await toPack.waitFor();
  expect(await toPack.getByRole('link').count()).toBeGreaterThan(0);
  // The area cards stay below the dashboard.
  await page.getByRole('heading', { name: 'Areas' }).waitFor();
  await page.getByRole('link', { name: 'Inventory overview' }).first().waitFor();
  await expectAccessible(page, 'ADMIN dashboard');
  await screenshot(page, 'dashboard-admin');

  const driver = userFor('DRIVER');
  const driverPage = await newPage(browser);
  await signIn(driverPage, webUrl, driver.email, driver.password);
  await driverPage.getByRole('heading', { name: /^Welcome/ }).waitFor();
  await sectionHeading(driverPage, "Today's deliveries").waitFor();
  // The demo seeds one of Dan Driver's deliveries for today.
  const deliveries = driverPage.getByRole('table', { name: "Today's deliveries" });
  await deliveries.waitFor();
  expect(await deliveries.getByRole('link').count()).toBeGreaterThan(0);
  const sections = driverPage.locator('[data-dashboard-section]');
  expect(await sections.count()).toBe(1);
  expect(await sections.first().getAttribute('data-dashboard-section')).toBe('deliveries');
  for (const name of ["This month's business", 'Sales', 'Warehouse', 'Purchasing', 'Pay period'])
    expect(await sectionHeading(driverPage, name).count(), name).toBe(0);
  await expectAccessible(driverPage, 'DRIVER dashboard');
  await screenshot(driverPage, 'dashboard-driver');
  await driverPage.context().close();
}
