import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';
import { esc, waitForText } from './orders-flow';
import {
  BRAND_LIMIT,
  PENDING,
  STOCK,
  batchesOf,
  preparePurchaseFixture,
  productById,
  purchaseOrderByNumber,
  type PurchaseFixture,
} from './purchasing-flow';

let browser: Browser;
let page: Page;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

const TAG = Date.now().toString(36).slice(-5).toUpperCase();

describe('a buyer restocks a brand and the warehouse receives it', () => {
  it('restocks with Fill To and Fill to limits, submits, saves and opens the PO PDF; inventory receives it and sees stock and batches change', async () => {
    await withFailureShots(page, 'purchasing', flow);
  }, 360_000);
});

/** A row of the restock table, by product name. */
const productRow = (table: Locator, name: string) => table.getByRole('row', { name: new RegExp(esc(name)) });
/** The Resulting stock cell (the last column) of a restock row. */
const resulting = (row: Locator) => row.locator('td').last();
/** The value of a key-value pair (Cloudscape KeyValuePairs: dt, then dd). */
const pairValue = (scope: Locator, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^\\s*${esc(label)}\\s*$`) }).locator('xpath=following-sibling::dd[1]');

async function flow() {
  const { webUrl } = stackInfo();
  const fx: PurchaseFixture = await preparePurchaseFixture(TAG);
  const { brand, flower, preroll, bites } = fx;
  const products = [flower, preroll, bites];
  // Available stock = stock − pending outbound (the open sales order holds 4 flower units).
  const available = { flower: STOCK.flower - PENDING.flower, preroll: STOCK.preroll, bites: STOCK.bites };
  expect((await productById(flower.id)).pendingOutboundQuantity).toBe(PENDING.flower);

  const buyer = userFor('PURCHASING');
  await signIn(page, webUrl, buyer.email, buyer.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();

  // ---- New Purchase Order: the placeholders, then the brand ----
  await page.goto(`${webUrl}/purchases`);
  await page.getByRole('button', { name: 'New purchase order' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Purchase Order' });
  await dialog.waitFor();
  await dialog.getByText('Select a brand above to restock').waitFor();
  await dialog.getByText('Select a brand to start your order').waitFor();
  expect(await dialog.getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(true);
  await dialog.locator('[data-testid="po-brand"] button').first().click();
  await page.getByRole('option', { name: brand.name, exact: true }).click();
  const table = dialog.getByRole('table', { name: 'Products' });
  for (const p of products) await productRow(table, p.name).waitFor();
  await dialog.getByText('(0/3)').waitFor();
  await dialog.getByRole('textbox', { name: 'Expected delivery' }).fill('2026/12/15');

  // ---- Select the three products; Fill To 20 (the default mode) ----
  for (const p of products) await dialog.getByRole('checkbox', { name: `Select ${p.name}` }).check();
  await dialog.getByText('(3/3)').waitFor();
  // The toggle starts on Fill To (a Cloudscape segmented control: pressed buttons).
  expect(await dialog.getByRole('button', { name: 'Fill To', exact: true }).getAttribute('aria-pressed')).toBe('true');
  await dialog.getByRole('textbox', { name: 'Restock quantity' }).fill('20');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  const quantityOf = (name: string) => dialog.getByRole('textbox', { name: `Order quantity of ${name}`, exact: true });
  // Fill To = target − (stock − pending outbound), never below 0: 20 − 6 = 14, 20 − 5 = 15, 25 is above 20.
  const fillTo = { flower: 20 - available.flower, preroll: 20 - available.preroll, bites: 0 };
  expect(fillTo).toEqual({ flower: 14, preroll: 15, bites: 0 });
  await expectValue(quantityOf(flower.name), String(fillTo.flower));
  await expectValue(quantityOf(preroll.name), String(fillTo.preroll));
  await expectValue(quantityOf(bites.name), '0');
  // Resulting stock = available + order quantity.
  await waitForText(resulting(productRow(table, flower.name)), '20');
  await waitForText(resulting(productRow(table, preroll.name)), '20');
  await waitForText(resulting(productRow(table, bites.name)), String(STOCK.bites));
  await expectAccessible(page, 'New Purchase Order');
  await screenshot(page, 'purchasing-1-fill-to');

  // ---- Fill to limits: the brand limit of 100 shared by the three (room 100 − (6 + 5 + 25) = 64) ----
  await dialog.getByRole('button', { name: 'Fill to limits' }).click();
  // Water-filling: the lowest projected stock rises first (pre-roll 5 → 6), then flower and pre-roll together to
  // 25 (the bites' level), then all three by 8; the one unit left goes to the first SKU (flower).
  const limits = { flower: 19 + 8 + 1, preroll: 1 + 19 + 8, bites: 8 };
  expect(limits.flower + limits.preroll + limits.bites).toBe(
    BRAND_LIMIT - (available.flower + available.preroll + available.bites),
  );
  await expectValue(quantityOf(flower.name), String(limits.flower));
  await expectValue(quantityOf(preroll.name), String(limits.preroll));
  await expectValue(quantityOf(bites.name), String(limits.bites));
  const resultingAfter = await Promise.all(
    products.map(async (p) => Number((await resulting(productRow(table, p.name)).innerText()).replace(/,/g, ''))),
  );
  // The brand is filled exactly to its limit.
  expect(resultingAfter.reduce((a, b) => a + b, 0)).toBe(BRAND_LIMIT);
  expect(resultingAfter).toEqual([
    available.flower + limits.flower,
    available.preroll + limits.preroll,
    available.bites + limits.bites,
  ]);
  await screenshot(page, 'purchasing-2-fill-to-limits');

  // ---- Submit: PENDING, the server's totals ----
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  const submitted = page.getByText(new RegExp(`Purchase order (\\d+) for ${esc(brand.name)} submitted\\.`)).first();
  await submitted.waitFor();
  const num = /Purchase order (\d+) for/.exec(await submitted.innerText())![1]!;
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  const saved = await purchaseOrderByNumber(num);
  expect(saved.status).toBe(200);
  expect(saved.body.orderStatus).toBe('PENDING');
  expect(saved.body.paymentStatus).toBe('PENDING');
  expect(saved.body.expectedDeliveryOn).toBe('2026-12-15');
  expect(saved.body.unitQuantity).toBe(limits.flower + limits.preroll + limits.bites);
  // Cost 12.50 a unit (the fixture's products), computed in cents by the server.
  expect(saved.body.total).toBe((limits.flower + limits.preroll + limits.bites) * 12.5);
  const quantities = Object.fromEntries(saved.body.purchaseOrderItems.map((l) => [l.productSku, l.quantity]));
  expect(quantities).toEqual({ [flower.sku]: limits.flower, [preroll.sku]: limits.preroll, [bites.sku]: limits.bites });

  // ---- The order page as the buyer: save the PDF to the server, then open it ----
  await page.goto(`${webUrl}/purchases/${num}`);
  await page.getByRole('heading', { name: `Purchase order ${num}` }).waitFor();
  await page.getByRole('button', { name: 'Purchase order PDF' }).click();
  const saveDocument = page.waitForResponse(
    (r) => r.url().includes('/api/storage/saveDocument') && r.request().method() === 'POST',
  );
  await page.getByRole('menuitem', { name: 'Save to server purchase order PDF' }).click();
  const signed = (await (await saveDocument).json()) as { fileName: string };
  expect(signed.fileName).toMatch(new RegExp(`^PO_${num}_[0-9a-f-]{32,36}\\.pdf$`));
  await page.getByText(`Purchase order saved as ${signed.fileName}`).waitFor();
  await screenshot(page, 'purchasing-3-order-page');
  // What the bucket holds under purchaseOrders/ is the browser-made PDF.
  const url = await call<{ url: string }>(
    'GET',
    `/api/storage/getDocumentURL/purchaseOrders/${encodeURIComponent(signed.fileName)}`,
    { token: await tokenFor('PURCHASING') },
  );
  expect(url.status, JSON.stringify(url.body)).toBe(200);
  const bytes = Buffer.from(await (await fetch(url.body.url)).arrayBuffer());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(2000);
  // Open: a new tab with the PDF in Chromium's viewer.
  const tab = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Purchase order PDF' }).click();
  await page.getByRole('menuitem', { name: 'Open purchase order PDF' }).click();
  const pdfTab = await tab;
  await pdfTab.waitForLoadState('load').catch(() => undefined);
  await pdfTab.waitForTimeout(2500);
  expect(pdfTab.url()).toMatch(/^blob:|\.pdf/);
  await pdfTab.screenshot({ path: join(ARTIFACTS, 'purchasing-4-pdf-open.png') });
  await pdfTab.close();

  // ---- Inventory: the product before, then receive the order ----
  const inventoryPage = await newPage(browser);
  page = inventoryPage;
  const inventory = userFor('INVENTORY');
  await signIn(page, webUrl, inventory.email, inventory.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  const before = await viewProduct(page, webUrl, flower.name, flower.sku);
  await waitForText(pairValue(before, 'Stock'), String(STOCK.flower));
  await before.getByRole('table', { name: 'Batches' }).getByText(`CF-${TAG}`).waitFor();
  expect(await before.getByRole('table', { name: 'Batches' }).getByText(`PO-${num}`).count()).toBe(0);
  await page.keyboard.press('Escape');

  await page.goto(`${webUrl}/purchases/${num}`);
  await page.getByRole('heading', { name: `Purchase order ${num}` }).waitFor();
  await page.getByRole('button', { name: 'Receive all' }).click();
  const confirm = page.getByRole('dialog', { name: 'Receive all' });
  const units = limits.flower + limits.preroll + limits.bites;
  await confirm.getByText(`${units} units`).waitFor();
  await confirm.getByRole('button', { name: 'Receive', exact: true }).click();
  await page.getByText(`Received ${units} units on 3 lines of purchase order ${num} into stock.`).first().waitFor();
  await waitForText(pairValue(page.locator('main'), 'Order status'), /Received/);
  await expectAccessible(page, 'Purchase order page after receiving');
  await screenshot(page, 'purchasing-5-received');

  // ---- Stock and batches moved, once ----
  const after = {
    flower: await productById(flower.id),
    preroll: await productById(preroll.id),
    bites: await productById(bites.id),
  };
  expect(after.flower.stock).toBe(STOCK.flower + limits.flower);
  expect(after.preroll.stock).toBe(STOCK.preroll + limits.preroll);
  expect(after.bites.stock).toBe(STOCK.bites + limits.bites);
  const flowerBatches = await batchesOf(flower.sku);
  expect(flowerBatches.map((b) => [b.batchNumber, b.initialQuantity, b.isCheckedIn]).sort()).toEqual(
    [
      [`CF-${TAG}`, STOCK.flower, true],
      [`PO-${num}`, limits.flower, true],
    ].sort(),
  );
  expect((await batchesOf(preroll.sku)).map((b) => [b.batchNumber, b.initialQuantity])).toEqual([
    [`PO-${num}`, limits.preroll],
  ]);
  expect(await batchesOf(bites.sku)).toEqual([]);
  const received = await purchaseOrderByNumber(num);
  expect(received.body.orderStatus).toBe('RECEIVED');
  expect(received.body.purchaseOrderItems.every((l) => l.hasBeenStocked)).toBe(true);

  // ---- The product screens show it ----
  const view = await viewProduct(page, webUrl, flower.name, flower.sku);
  await waitForText(pairValue(view, 'Stock'), String(STOCK.flower + limits.flower));
  const batchTable = view.getByRole('table', { name: 'Batches' });
  await batchTable.getByText(`PO-${num}`).waitFor();
  await batchTable.getByText(`CF-${TAG}`).waitFor();
  await view.getByText('(2)').first().waitFor();
  await screenshot(page, 'purchasing-6-product-after');
}

/** Waits until an input holds `value`. */
async function expectValue(input: Locator, value: string) {
  await input.waitFor();
  await expect.poll(() => input.inputValue(), { timeout: 10_000 }).toBe(value);
}

/** Opens View Product from the products table, found by SKU. */
async function viewProduct(page: Page, webUrl: string, name: string, sku: string) {
  await page.goto(`${webUrl}/products`);
  await page.getByRole('searchbox', { name: 'Search products' }).fill(sku);
  await page
    .getByRole('button', { name: `View ${name}` })
    .first()
    .click();
  const view = page.getByRole('dialog', { name });
  await view.waitFor();
  return view;
}
