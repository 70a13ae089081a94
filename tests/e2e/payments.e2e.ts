import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '@bo/shared';
import { expectAccessible, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { creditOf, customerWithOrders, dollarProduct, orderOf } from '../support/payments';
import { stackInfo, tokenFor, userFor } from '../support/stack';

/**
 * Issue 13 in Chromium, as a sales rep: a split payment with credit used and a remainder to credit, recorded
 * in the Add Payment dialog; the orders' balances and statuses and the customer's credit follow; then the
 * payment is edited and they follow again.
 */

let page: Page;
useBrowserPage((p) => (page = p));

describe('a sales rep records and edits a split payment', () => {
  it('applies a payment with credit to two orders, puts the rest to credit, then edits it', async () => {
    await withFailureShots(page, 'payments', flow);
  }, 300_000);
});

const applyBox = (dialog: Locator, order: Order) =>
  dialog.getByRole('textbox', { name: `Apply $ to order ${order.orderNum}` });
const selectBox = (dialog: Locator, order: Order) =>
  dialog.getByRole('checkbox', { name: `Select order ${order.orderNum}` });
const tone = (dialog: Locator, order: Order) =>
  dialog.locator(`[data-testid="pay-row-${order.orderNum}"]`).getAttribute('data-tone');

async function flow() {
  const { webUrl } = stackInfo();
  const [sales, admin, inventory] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN'), tokenFor('INVENTORY')]);
  const product = await dollarProduct(inventory);
  const { customer, orders } = await customerWithOrders(sales, product, [100, 50, 200], 40);
  const [o1, o2, o3] = orders as [Order, Order, Order];

  const rep = userFor('SALES');
  await signIn(page, webUrl, rep.email, rep.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();

  // ---- Add Payment from the Payments page ----
  await page.goto(`${webUrl}/payments`);
  await page.getByRole('button', { name: 'Record payment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment' });
  await dialog.waitFor();
  await dialog.locator('[data-testid="pay-customer"] button').first().click();
  await page.getByPlaceholder('Search customers').fill(customer.customerName);
  await page
    .getByRole('option', { name: new RegExp(customer.customerName) })
    .first()
    .click();
  await dialog.getByText('Available: $40.00').waitFor();

  // Nothing typed yet: the spec's first message, shown before any request.
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await dialog.getByText('Please enter a payment amount').first().waitFor();

  await dialog.getByRole('textbox', { name: 'Amount' }).fill('150.25');
  await dialog.getByRole('checkbox', { name: 'Use customer credit' }).click();
  await dialog.getByRole('textbox', { name: 'Credit used' }).fill('10');
  await dialog.getByRole('button', { name: 'Split' }).click();
  await selectBox(dialog, o1).waitFor();
  await selectBox(dialog, o1).click();
  await selectBox(dialog, o2).click();
  await applyBox(dialog, o1).fill('100');
  await applyBox(dialog, o2).fill('20');
  await dialog.locator('[data-testid="pay-progress-applied"]').getByText('$120.00 of $160.25').waitFor();
  await dialog.locator('[data-testid="pay-progress-credit"]').getByText('$40.25 of $160.25').waitFor();
  expect(await tone(dialog, o1)).toBe('green');
  expect(await tone(dialog, o2)).toBe('amber');
  await dialog.getByText('FULLY PAID').first().waitFor();
  await dialog.getByText('PARTIAL PAYMENT').first().waitFor();
  await expectAccessible(page, 'add payment');
  await screenshot(page, 'payments-add-split');
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });

  expect(await orderOf(admin, o1.id)).toMatchObject({ balanceDue: 0, paymentStatus: 'PAID' });
  expect(await orderOf(admin, o2.id)).toMatchObject({ balanceDue: 30, paymentStatus: 'PARTIAL' });
  expect(await orderOf(admin, o3.id)).toMatchObject({ balanceDue: 200, paymentStatus: 'AWAITING' });
  expect(await creditOf(admin, customer.id)).toBe(70.25);

  // ---- The order shows its payment ----
  await page.goto(`${webUrl}/orders/${o2.orderNum}`);
  await page.getByText('$30.00').first().waitFor();
  await screenshot(page, 'payments-order-page');

  // ---- Edit: drop o1, pay o2 in full and o3 in part, no credit used ----
  await page.goto(`${webUrl}/payments`);
  const row = page.getByRole('row', { name: new RegExp(customer.customerName) });
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Payment' });
  await edit.waitFor();
  await applyBox(edit, o1).waitFor();
  expect(await applyBox(edit, o1).inputValue()).toBe('100.00');
  await edit.getByRole('textbox', { name: 'Amount' }).fill('150');
  await edit.getByRole('checkbox', { name: 'Use customer credit' }).click();
  await selectBox(edit, o1).click();
  await selectBox(edit, o3).click();
  await applyBox(edit, o2).fill('50');
  await applyBox(edit, o3).fill('90');
  await edit.locator('[data-testid="pay-progress-credit"]').getByText('$10.00 of $150.00').waitFor();
  await screenshot(page, 'payments-edit');
  await edit.getByRole('button', { name: 'Update', exact: true }).click();
  await edit.waitFor({ state: 'detached' });

  expect(await orderOf(admin, o1.id)).toMatchObject({ balanceDue: 100, paymentStatus: 'AWAITING' });
  expect(await orderOf(admin, o2.id)).toMatchObject({ balanceDue: 0, paymentStatus: 'PAID' });
  expect(await orderOf(admin, o3.id)).toMatchObject({ balanceDue: 110, paymentStatus: 'PARTIAL' });
  expect(await creditOf(admin, customer.id)).toBe(50);
  await screenshot(page, 'payments-list-after-edit');
}
