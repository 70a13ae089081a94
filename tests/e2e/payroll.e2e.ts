import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DraftPaidOrders, Order, PayrollPeriod } from '@bo/shared';
import { expectAccessible, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { dollarProduct } from '../support/payments';
import { ownedOrders, userIdFor } from '../support/payroll';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';

/**
 * Issue 14 in Chromium, as payroll: December 2027, second half (a period no other test uses). Calculates Sam
 * Sales's commission on two of his customers' delivered orders, adjusts a cost, changes the rate, saves to
 * payroll, adds reimbursements, edits the period table and submits it.
 */

let page: Page;
useBrowserPage((p) => (page = p));

describe('payroll calculates a commission and submits a period', () => {
  it('adds orders, adjusts a cost and the rate, saves, adds reimbursements, edits the row and submits', async () => {
    await withFailureShots(page, 'payroll', flow);
  }, 300_000);
});

const PERIOD = '2027/12/B';

async function choose(page: Page, select: Locator, option: string) {
  await select.locator('button').first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function flow() {
  const { webUrl } = stackInfo();
  const [sales, admin, inventory] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN'), tokenFor('INVENTORY')]);
  const product = await dollarProduct(inventory);
  const samId = await userIdFor(admin, 'SALES');
  // $200 and $100 of a product costing half: gross profits $100 and $50.
  const { orders } = await ownedOrders(sales, product, samId, [200, 100]);
  const [big, small] = orders as [Order, Order];

  const clerk = userFor('PAYROLL');
  await signIn(page, webUrl, clerk.email, clerk.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await page.goto(`${webUrl}/payroll`);
  await choose(page, page.locator('[data-testid="period-year"]'), '2027');
  await choose(page, page.locator('[data-testid="period-month"]'), 'December');
  await page
    .getByRole('radio', { name: /^B/ })
    .or(page.getByRole('button', { name: /^B \(16th - EOM\)/ }))
    .first()
    .click();
  await page.getByText('December 2027 (16th - EOM)').first().waitFor();

  // ---- Calculate Commission ----
  await page.getByRole('button', { name: 'Calculate commission of Sam Sales' }).click();
  const dialog = page.getByRole('dialog', { name: /Calculate Commission: Sam Sales December 2027 \(16th - EOM\)/ });
  await dialog.waitFor();
  await dialog.getByText('Never').first().waitFor();
  await dialog.getByText('No orders added to pay period').waitFor();
  await dialog.getByRole('button', { name: `Add order ${big.orderNum}` }).click();
  await dialog.getByRole('button', { name: `Add order ${small.orderNum}` }).click();
  await dialog.getByText('Orders To Be Paid (2)').waitFor();
  // 20 % of $150 gross profit.
  await dialog.locator('[data-testid="summary-commission"]').getByText('$30.00').waitFor();

  await dialog.getByRole('button', { name: `Edit cost of order ${big.orderNum}` }).click();
  await page
    .getByRole('spinbutton', { name: `Cost of order ${big.orderNum}` })
    .or(page.getByRole('textbox', { name: `Cost of order ${big.orderNum}` }))
    .first()
    .fill('120');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /^Commission rate 20%, change/ }).click();
  await page.getByRole('button', { name: '25%', exact: true }).click();
  await page.keyboard.press('Escape');
  // (200 − 120) + (100 − 50) = $130 of gross profit at 25 %.
  await dialog.locator('[data-testid="summary-commission"]').getByText('$32.50').waitFor();
  await dialog.locator('[data-testid="summary-cost"]').getByText('$170.00').waitFor();
  await expectAccessible(page, 'calculate commission');
  await screenshot(page, 'payroll-commission');
  await dialog.getByRole('button', { name: 'Save to Payroll' }).click();
  await dialog.waitFor({ state: 'detached' });

  const drafts = await call<DraftPaidOrders>('GET', `/api/db/payroll/get/drafts/paidOrders/${PERIOD}/${samId}`, {
    token: admin,
  });
  expect(drafts.body.commissionRate).toBe(0.25);
  expect(drafts.body.paidOrders.map((p) => [p.orderNum, p.adjustedCost ?? null, p.commission]).sort()).toEqual(
    [
      [big.orderNum, 120, 20],
      [small.orderNum, null, 12.5],
    ].sort(),
  );

  // ---- Manage Reimbursements ----
  await page.getByRole('button', { name: /^Reimbursements of Sam Sales/ }).click();
  const reimbursements = page.getByRole('dialog', { name: 'Manage Reimbursements' });
  await reimbursements.waitFor();
  await reimbursements.getByRole('textbox', { name: 'Description 1' }).fill('Mileage');
  await reimbursements.getByRole('textbox', { name: 'Amount 1' }).fill('42.50');
  await reimbursements.getByRole('button', { name: '+ Add' }).click();
  await reimbursements.getByRole('textbox', { name: 'Description 2' }).fill('Parking');
  await reimbursements.getByRole('textbox', { name: 'Amount 2' }).fill('7.5');
  await reimbursements.locator('[data-testid="reimbursement-total"]').getByText('$50.00').waitFor();
  await screenshot(page, 'payroll-reimbursements');
  await reimbursements.getByRole('button', { name: 'Submit', exact: true }).click();
  await reimbursements.waitFor({ state: 'detached' });

  // ---- The period table: Sam's hours, then Submit Payroll ----
  await page.getByRole('textbox', { name: 'Base rate of Sam Sales' }).fill('25');
  await page.getByRole('textbox', { name: 'Hours of Sam Sales' }).fill('80');
  await page.locator(`[data-testid="total-pay-${samId}"]`).getByText('$2,082.50').waitFor();
  await screenshot(page, 'payroll-period-edited');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText(/saved/i).first().waitFor();
  await page.getByRole('button', { name: 'Submit Payroll' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit Payroll' });
  await confirm.getByRole('button', { name: 'Submit Payroll' }).click();
  await page
    .locator('[data-testid="payroll-status"]')
    .getByText(/Submitted/)
    .waitFor();
  await screenshot(page, 'payroll-submitted');

  const period = await call<PayrollPeriod>('GET', `/api/db/payroll/get/${PERIOD}`, { token: admin });
  expect(period.body.status).toBe('SUBMITTED');
  expect(period.body.users.find((u) => u.id === samId)).toMatchObject({
    payType: 'HOURLY',
    baseRate: 25,
    hoursWorked: 80,
    totalBasePay: 2000,
    commission: 32.5,
    reimbursement: 50,
    ordersPaid: 2,
    totalPay: 2082.5,
  });
  // A submitted period refuses changes.
  const late = await call('POST', `/api/db/payroll/update/${PERIOD}/${samId}`, { token: admin, body: { bonus: 10 } });
  expect(late.status).toBe(409);
}
