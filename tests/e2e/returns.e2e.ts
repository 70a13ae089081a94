import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Customer, Order, Return } from '@bo/shared';
import { expectAccessible, newPage, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { addPayment, creditOf, dollarProduct, orderOf } from '../support/payments';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';

/**
 * Issue 23, section 3 in Chromium: a sales rep returns a unit of a delivered order from its page. Return Items
 * says what the credit note is worth before it is made (the figure the API then answers), how much lowers what
 * the order owes and how much goes to credit; the flash names the credit note, the order's Returns list it, and
 * its PDF downloads. Inventory staff see the return without money and confirm the restocked unit on the shelf.
 */

let page: Page;
let browser: Browser;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

describe('returns and credit notes', () => {
  it('a sales rep returns a unit for credit with its preview, flash, Returns row and PDF; inventory confirms the restock', async () => {
    await withFailureShots(page, 'returns', flow);
  }, 300_000);
});

const unique = Math.random().toString(36).slice(2, 8);
const TODAY = new Date().toISOString().slice(0, 10);

async function flow() {
  const { webUrl } = stackInfo();
  const [sales, admin, inventory] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN'), tokenFor('INVENTORY')]);
  const product = await dollarProduct(inventory);
  const customer = (
    await call<Customer>('POST', '/api/db/customers/addNew', {
      token: sales,
      body: { customerName: `Return Market ${unique}`, orderType: 'PICKUP' },
    })
  ).body;
  // 4 units at $12.50 less $5: $45, delivered; $40 paid, so $5 is still owed.
  const made = await call<Order>('POST', '/api/db/orders/new', {
    token: sales,
    body: {
      customerID: customer.id,
      pickupOrder: true,
      dollarAdjustment: 5,
      products: [{ productSku: product.sku, productBatchId: null, quantity: 4, unitPrice: 12.5 }],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const delivered = await call<Order>('PUT', `/api/db/orders/update/${made.body.id}`, {
    token: sales,
    body: { orderStatus: 'DELIVERED' },
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  const order = delivered.body;
  const paid = await addPayment(sales, customer.id, {
    amount: 40,
    paymentDate: TODAY,
    appliedPayments: [{ orderId: order.id, amount: 40 }],
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect(await orderOf(admin, order.id)).toMatchObject({ total: 45, balanceDue: 5 });

  // ---- A sales rep returns one unit from the order's page ----
  const rep = userFor('SALES');
  await signIn(page, webUrl, rep.email, rep.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await page.goto(`${webUrl}/orders/${order.orderNum}`);
  const section = page.getByTestId('order-returns');
  await section.getByText('No returns').waitFor();
  await page.getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: `Return items from order ${order.orderNum}` });
  await dialog.getByRole('table', { name: 'Products on this order' }).waitFor();
  await dialog.getByRole('textbox', { name: `Quantity of ${product.name} to return` }).fill('1');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Seal broken on arrival');
  // $12.50 less its share of the $5 discount ($1.25): $11.25; $5 lowers what the order owes, $6.25 to credit.
  const amount = dialog.getByTestId('return-preview-amount');
  await amount.getByText("Credit note of $11.25: $6.25 to the customer's credit").waitFor();
  const preview = dialog.getByTestId('return-preview');
  await preview.getByText(`Order ${order.orderNum} owes $5.00 → $0.00`).waitFor();
  await preview.getByText("$6.25 to the customer's credit", { exact: true }).waitFor();
  await preview.getByText('1 unit goes back into stock').waitFor();
  const previewed = (await amount.textContent())!.match(/\$([\d.,]+)/)![1]!;
  await expectAccessible(page, 'return items');
  await screenshot(page, 'returns-1-modal');
  await dialog.getByTestId('return-submit').click();
  await dialog.waitFor({ state: 'detached' });
  const flash = page.getByText(new RegExp(`Credit note CN-\\d+ of \\$11\\.25 made for order ${order.orderNum}\\.`));
  await flash.waitFor();
  const creditNoteNum = (await flash.textContent())!.match(/CN-\d+/)![0];

  // What the preview said is what the API made.
  const returns = (await call<Return[]>('GET', `/api/db/returns/getByOrder/${order.id}`, { token: sales })).body;
  expect(returns).toHaveLength(1);
  const [made1] = returns as [Return];
  expect(made1).toMatchObject({
    creditNoteNum,
    amount: Number(previewed),
    appliedToOrder: 5,
    toCredit: 6.25,
    units: 1,
  });
  expect(made1.lines).toMatchObject([{ productSku: product.sku, quantity: 1, disposition: 'RESTOCK' }]);
  expect(await orderOf(admin, order.id)).toMatchObject({ balanceDue: 0 });
  expect(await creditOf(admin, customer.id)).toBe(6.25);

  // ---- The order's Returns list it; its credit note downloads as a PDF ----
  const row = section.getByRole('row', { name: new RegExp(creditNoteNum) });
  await row.getByText(`1 × ${product.name} (restock)`).waitFor();
  await row.getByText('$11.25', { exact: true }).waitFor();
  await row.getByText('Not confirmed').waitFor();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'returns-2-order-page');
  await row.getByRole('button', { name: `Credit note ${creditNoteNum} PDF` }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: `Download credit note ${creditNoteNum} PDF` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Credit_note_${creditNoteNum}_Return_Market_${unique}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // ---- Inventory sees it without money and confirms the restocked unit ----
  const shelf = await newPage(browser);
  const clerk = userFor('INVENTORY');
  await signIn(shelf, webUrl, clerk.email, clerk.password);
  await shelf.getByRole('heading', { name: /Welcome/ }).waitFor();
  await shelf.goto(`${webUrl}/orders/${order.orderNum}`);
  const clerkSection = shelf.getByTestId('order-returns');
  const clerkRow = clerkSection.getByRole('row', { name: new RegExp(creditNoteNum) });
  await clerkRow.getByText('Credit to customer').waitFor();
  expect(await clerkSection.textContent()).not.toContain('$');
  expect(await shelf.getByRole('button', { name: 'Return items' }).count()).toBe(0);
  await clerkRow.getByRole('button', { name: `Confirm restock of ${creditNoteNum}` }).click();
  const confirm = shelf.getByRole('dialog', { name: `Confirm restock of ${creditNoteNum}` });
  await confirm.getByText(`1 × ${product.name}`).waitFor();
  await confirm.getByRole('textbox', { name: /Note/ }).fill('Back on shelf A2');
  await expectAccessible(shelf, 'confirm restock');
  await confirm.getByRole('button', { name: 'Confirm restock' }).click();
  await confirm.waitFor({ state: 'detached' });
  await shelf.getByText(`Restock of credit note ${creditNoteNum} confirmed.`).first().waitFor();
  await clerkRow.getByText(/Confirmed by .+ on /).waitFor();
  await clerkSection.scrollIntoViewIfNeeded();
  await screenshot(shelf, 'returns-3-inventory-confirmed');
  const confirmed = (await call<Return>('GET', `/api/db/returns/getById/${made1.id}`, { token: inventory })).body;
  expect(confirmed.restockConfirmed?.note).toBe('Back on shelf A2');
  expect(confirmed.amount).toBeUndefined();

  // ---- The Returns page lists it, for inventory without money ----
  await shelf.goto(`${webUrl}/returns`);
  // Other flows add returns to the same stack: filter for this one (free text matches every property).
  await shelf.getByPlaceholder(/^Find returns by customer/).fill(creditNoteNum);
  await shelf.keyboard.press('Enter');
  const listed = shelf.getByRole('grid', { name: 'Returns' }).getByRole('row', { name: new RegExp(creditNoteNum) });
  await listed.getByText(customer.customerName).waitFor();
  await listed.getByText(/Confirmed by/).waitFor();
  await expectAccessible(shelf, 'returns page');
  await screenshot(shelf, 'returns-4-page');
  await shelf.close();
}
