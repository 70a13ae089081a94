import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Brand, Customer, Order, Product } from '@bo/shared';
import { expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * Issue 24, section 3 in Chromium: PAYROLL exports today for QuickBooks Online, sees what it included and downloads
 * its invoices file (the layout's header, the new order's lines); the order's page tells sales it was exported; the
 * order is edited, its page says "Changed since export", and the next export of the day carries it, marked changed.
 */

let page: Page;
let browser: Browser;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

const tag = Math.random().toString(36).slice(2, 8);
const today = new Date().toISOString().slice(0, 10);

describe('accounting exports', () => {
  it('PAYROLL exports a day, downloads its file; an edited order says so and comes again, changed', async () => {
    await withFailureShots(page, 'accounting', exportAndEdit);
  }, 240_000);
});

/** A delivered order of today, made over the API. */
async function deliveredOrder(): Promise<Order> {
  const [admin, sales] = await Promise.all([tokenFor('ADMIN'), tokenFor('SALES')]);
  const type = await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
    token: admin,
    body: { name: `Books type ${tag}` },
  });
  const brand = await call<Brand>('POST', '/api/db/brands/addNew', {
    token: admin,
    body: { name: `Books Farms ${tag}`, skucode: `K${tag.slice(0, 4)}` },
  });
  const product = await call<Product>('POST', '/api/db/products/addNew', {
    token: admin,
    body: {
      name: `Books item ${tag}`,
      brandID: brand.body.id,
      typeID: type.body.id,
      basePrice: 20,
      cost: 8,
      stock: 20,
    },
  });
  const customer = await call<Customer>('POST', '/api/db/customers/addNew', {
    token: sales,
    body: { customerName: `Books Buyer ${tag}` },
  });
  const created = await call<Order>('POST', '/api/db/orders/new', {
    token: sales,
    body: {
      customerID: customer.body.id,
      pickupOrder: true,
      products: [{ productSku: product.body.sku, productBatchId: null, quantity: 2, unitPrice: 15 }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const delivered = await call<Order>('PUT', `/api/db/orders/update/${created.body.id}`, {
    token: sales,
    body: { orderStatus: 'DELIVERED' },
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  return delivered.body;
}

async function exportToday() {
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(today.replace(/-/g, '/'));
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(todayUtc().replace(/-/g, '/'));
  await page.getByRole('button', { name: 'Export', exact: true }).click();
}

async function exportAndEdit() {
  const order = await deliveredOrder();
  const { webUrl } = stackInfo();
  const payroll = userFor('PAYROLL');
  await signIn(page, webUrl, payroll.email, payroll.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await page.goto(`${webUrl}/accounting`);
  await page.getByRole('heading', { name: 'Accounting exports', level: 1 }).waitFor();

  await exportToday();
  await page.getByText('Files for QuickBooks Online').waitFor({ timeout: 60_000 });
  await screenshot(page, 'accounting-export');
  await expectAccessible(page, 'accounting export');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download invoices.csv' }).click(),
  ]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString('utf8').split('\r\n');
  expect(lines[0]).toMatch(/^Invoice no,Customer,Invoice Date,Due Date,Terms,Memo,Item\(Product\/Service\)/);
  expect(lines.filter((l) => l.startsWith(`${order.orderNum},Books Buyer ${tag},`))).toHaveLength(1);

  // Sales opens the order: exported; edited after, it says so.
  const sales = userFor('SALES');
  const salesPage = await newPage(browser);
  await signIn(salesPage, webUrl, sales.email, sales.password);
  await salesPage.getByRole('heading', { name: /Welcome/ }).waitFor();
  await salesPage.goto(`${webUrl}/orders/${order.orderNum}`);
  await salesPage.getByText(/^Exported to accounting/).waitFor();
  const edited = await call('PUT', `/api/db/orders/update/${order.id}`, {
    token: await tokenFor('SALES'),
    body: { dollarAdjustment: 3 },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  await salesPage.reload();
  await salesPage.getByText(/^Changed since export/).waitFor();
  await screenshot(salesPage, 'accounting-order-changed');

  await exportToday();
  await page
    .getByText(/changed since exported/)
    .first()
    .waitFor({ timeout: 60_000 });
  await screenshot(page, 'accounting-export-changed');
}
