import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Customer, Order, Product } from '@bo/shared';
import { expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { dollarProduct, orderOf } from '../support/payments';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';

/**
 * Issue 23, section 2 in Chromium: an ADMIN gives a customer a credit limit in Edit Customer; a sales rep's New
 * Order says, before Submit, that the order will be held and why; the Orders list marks it and filters it; the
 * order's page shows the hold, and an ADMIN releases it with a note.
 */

let page: Page;
let browser: Browser;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

describe('credit holds at order entry', () => {
  it('limit in Edit Customer, the hold previewed in New Order, marked in Orders, released by an ADMIN', async () => {
    await withFailureShots(page, 'credit-holds', flow);
  }, 300_000);
});

const unique = Math.random().toString(36).slice(2, 8);

async function flow() {
  const { webUrl } = stackInfo();
  const [sales, admin] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN')]);
  const product: Product = await dollarProduct(await tokenFor('INVENTORY'));
  const customer = (
    await call<Customer>('POST', '/api/db/customers/addNew', {
      token: sales,
      body: { customerName: `Hold Market ${unique}`, orderType: 'PICKUP' },
    })
  ).body;
  const first = await call<Order>('POST', '/api/db/orders/new', {
    token: sales,
    body: {
      customerID: customer.id,
      pickupOrder: true,
      products: [{ productSku: product.sku, productBatchId: null, quantity: 80, unitPrice: 1 }],
    },
  });
  expect(first.status).toBe(200);

  // ---- An ADMIN sets the limit in Edit Customer ----
  const owner = userFor('ADMIN');
  await signIn(page, webUrl, owner.email, owner.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await page.goto(`${webUrl}/customers`);
  // Other flows add customers to the same stack: find this one first.
  await page.getByPlaceholder('Find customers').fill(customer.customerName);
  await page.getByRole('button', { name: `Edit ${customer.customerName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await edit.waitFor();
  await edit.getByLabel('Credit limit ($)').fill('100');
  await screenshot(page, 'credit-holds-1-limit');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  expect(
    (await call<Customer>('GET', `/api/db/customers/getByID/${customer.id}`, { token: admin })).body.creditLimit,
  ).toBe(100);

  // ---- A sales rep's New Order says the order will be held, before Submit ----
  const repPage = await newPage(browser);
  const rep = userFor('SALES');
  await signIn(repPage, webUrl, rep.email, rep.password);
  await repPage.getByRole('heading', { name: /Welcome/ }).waitFor();
  await repPage.goto(`${webUrl}/orders`);
  await repPage.getByRole('button', { name: 'New order', exact: true }).first().click();
  const dialog = repPage.getByRole('dialog', { name: 'New Order' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /^Customer\*/ }).click();
  await repPage.getByPlaceholder('Search customers').fill(customer.customerName);
  await repPage
    .getByRole('option', { name: new RegExp(customer.customerName) })
    .first()
    .click();
  // Other flows make products of the same name: find this one by its SKU.
  const search = dialog.getByRole('searchbox', { name: 'Search products' });
  await search.fill(product.sku);
  await dialog
    .locator(`[data-testid="menu-product"][data-sku="${product.sku}"]`)
    .getByRole('button', { name: `Add ${product.name}` })
    .click();
  // $80 owed and a $100 limit: a few $1 units fit, 30 do not.
  const quantity = dialog
    .locator(`[data-testid="cart-line"][data-sku="${product.sku}"]`)
    .getByRole('textbox', { name: `Quantity of ${product.name}`, exact: true });
  await quantity.waitFor();
  await quantity.fill('5');
  await dialog.getByText('$5.00').first().waitFor();
  expect(await dialog.getByText('This order will be saved on credit hold').count()).toBe(0);
  await quantity.fill('30');
  const warning = dialog.getByText('This order will be saved on credit hold');
  await warning.waitFor();
  await dialog
    .getByText(/Over the credit limit: \$80\.00 owed \+ \$[\d.]+ this order is more than the \$100\.00 limit/)
    .waitFor();
  await expectAccessible(repPage, 'new order on hold');
  await screenshot(repPage, 'credit-holds-2-new-order');
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await repPage
    .getByText(/Saved on credit hold/)
    .first()
    .waitFor();

  // ---- The Orders list marks it and filters it ----
  const held = (await call<Order[]>('GET', `/api/db/orders/getByCustomer/${customer.id}`, { token: admin })).body.find(
    (o) => o.creditHold,
  )!;
  expect(held.creditHold!.reason).toContain('Over the credit limit');
  await repPage.goto(`${webUrl}/orders`);
  const heldRow = repPage.getByRole('row', { name: new RegExp(`${held.orderNum}.*${customer.customerName}`) });
  await heldRow.getByText('On hold').waitFor();
  await screenshot(repPage, 'credit-holds-3-orders');
  await repPage.close();

  // ---- An ADMIN releases it with a note on the order's page ----
  await page.goto(`${webUrl}/orders/${held.orderNum}`);
  await page.getByText(/On credit hold since/).waitFor();
  await page.getByRole('button', { name: 'Release hold' }).first().click();
  await page.getByRole('textbox', { name: /Why is the hold released/ }).fill('Owner called; paying Friday');
  await expectAccessible(page, 'release hold');
  await screenshot(page, 'credit-holds-4-release');
  await page.getByRole('button', { name: 'Release hold' }).last().click();
  await page
    .getByText(/Credit hold released .* Owner called; paying Friday/)
    .first()
    .waitFor();
  const after = await orderOf(admin, held.id);
  expect(after.creditHold).toBeUndefined();
  expect(after.creditHoldReleased?.note).toBe('Owner called; paying Friday');
  await screenshot(page, 'credit-holds-5-released');
}
