import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '@bo/shared';
import { expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { creditOf, customerWithOrders, dollarProduct, orderOf } from '../support/payments';
import { stackInfo, tokenFor, userFor } from '../support/stack';

/**
 * Issue 13 in Chromium, as a sales rep: a split payment with credit used and a remainder to credit, recorded
 * in the Add Payment dialog; the orders' balances and statuses and the customer's credit follow; then the
 * payment is edited and they follow again. Each dialog says what saving will do from the records as they are
 * (issue 23); an ADMIN then voids the payment with a reason, and everything goes back.
 */

let page: Page;
let browser: Browser;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

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
  const outcome = dialog.getByTestId('pay-outcome');
  await outcome.getByText('Customer credit: $40.00 → $70.25').waitFor();
  await outcome.getByText(new RegExp(`Order ${o1.orderNum}: Awaiting → Paid`)).waitFor();
  await outcome.getByText(new RegExp(`Order ${o2.orderNum}: Awaiting → Partial`)).waitFor();
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
  // What the edit will do, from the real credit ($70.25) and the orders as they are now.
  await edit.getByText('Available: $40.00 once this payment is undone ($70.25 now)').waitFor();
  const editOutcome = edit.getByTestId('pay-outcome');
  await editOutcome.getByText('Customer credit: $70.25 → $50.00').waitFor();
  await editOutcome.getByText(new RegExp(`Order ${o1.orderNum}: Paid → Awaiting`)).waitFor();
  await editOutcome.getByText(new RegExp(`Order ${o3.orderNum}: Awaiting → Partial`)).waitFor();
  await screenshot(page, 'payments-edit');
  await edit.getByRole('button', { name: 'Update', exact: true }).click();
  await edit.waitFor({ state: 'detached' });

  expect(await orderOf(admin, o1.id)).toMatchObject({ balanceDue: 100, paymentStatus: 'AWAITING' });
  expect(await orderOf(admin, o2.id)).toMatchObject({ balanceDue: 0, paymentStatus: 'PAID' });
  expect(await orderOf(admin, o3.id)).toMatchObject({ balanceDue: 110, paymentStatus: 'PARTIAL' });
  expect(await creditOf(admin, customer.id)).toBe(50);
  await screenshot(page, 'payments-list-after-edit');
  // A sales rep is not offered Void.
  await row.getByRole('button', { name: 'Edit' }).click();
  await edit
    .getByTestId('pay-outcome')
    .or(edit.getByRole('textbox', { name: 'Amount' }))
    .first()
    .waitFor();
  expect(await edit.getByTestId('pay-void').count()).toBe(0);
  await edit.getByRole('button', { name: 'Close', exact: true }).click();
  await edit.waitFor({ state: 'detached' });

  // ---- An ADMIN voids it with a reason ----
  page = await newPage(browser);
  const owner = userFor('ADMIN');
  await signIn(page, webUrl, owner.email, owner.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await page.goto(`${webUrl}/payments`);
  const adminRow = page.getByRole('row', { name: new RegExp(customer.customerName) });
  await adminRow.getByRole('button', { name: 'Edit' }).click();
  const adminEdit = page.getByRole('dialog', { name: 'Edit Payment' });
  await applyBox(adminEdit, o2).waitFor();
  await adminEdit.getByTestId('pay-void').click();
  const panel = adminEdit.getByTestId('pay-void-panel');
  await panel.getByText('Customer credit: $50.00 → $40.00').waitFor();
  await panel.getByText(new RegExp(`Order ${o2.orderNum}: Paid → Awaiting`)).waitFor();
  await panel.getByTestId('pay-void-confirm').click();
  await panel.getByText('Say why the payment is void').waitFor();
  await panel.getByRole('textbox', { name: 'Why is this payment void?' }).fill('Check bounced');
  await expectAccessible(page, 'void payment');
  await screenshot(page, 'payments-void');
  await panel.getByTestId('pay-void-confirm').click();
  await adminEdit.waitFor({ state: 'detached' });
  await page
    .getByText(/voided\./)
    .first()
    .waitFor();
  await adminRow.getByText('Void', { exact: true }).waitFor();
  expect(await orderOf(admin, o2.id)).toMatchObject({ balanceDue: 50, paymentStatus: 'AWAITING' });
  expect(await orderOf(admin, o3.id)).toMatchObject({ balanceDue: 200, paymentStatus: 'AWAITING' });
  expect(await creditOf(admin, customer.id)).toBe(40);
  // It opens read-only, saying why.
  await adminRow.getByRole('button', { name: 'View' }).click();
  await adminEdit
    .getByTestId('pay-voided')
    .getByText(/Check bounced/)
    .waitFor();
  expect(await adminEdit.getByRole('button', { name: 'Update', exact: true }).isDisabled()).toBe(true);
  await screenshot(page, 'payments-voided');
  await page.close();
}
