import { readFileSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const stack = JSON.parse(readFileSync('/tmp/rw/stack.json', 'utf8')) as { webUrl: string };
const web = stack.webUrl;
const orderNum = process.argv[2] ?? '1022';

async function signIn(page: Page, email: string) {
  await page.goto(web);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Demo!2345');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' });
const page = await ctx.newPage();
page.setDefaultTimeout(20_000);
page.on('console', (m) => {
  if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE', m.type(), m.text());
});
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
try {
  await signIn(page, 'sales@example.com');
  await page.goto(`${web}/orders/${orderNum}`);
  const section = page.getByTestId('order-returns');
  await section.waitFor();
  await section.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/returns-order-sales.png' });
  await page.getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: /Return items from order/ });
  await dialog.getByRole('table', { name: 'Products on this order' }).waitFor();
  await dialog.locator('input[aria-label^="Quantity of"]:not([disabled])').first().fill('1');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Damaged box');
  await dialog.getByTestId('return-preview-amount').waitFor();
  await page.screenshot({ path: '/tmp/returns-modal.png' });
  await page.screenshot({ path: '/tmp/returns-modal-full.png', fullPage: true });
  await page.goto(`${web}/returns`);
  await page.getByRole('grid', { name: 'Returns' }).getByText('CN-00001').waitFor();
  await page.screenshot({ path: '/tmp/returns-page-sales.png' });
  await ctx.clearCookies();
  const page2 = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  page2.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE2', m.type(), m.text());
  });
  await signIn(page2, 'inventory@example.com');
  await page2.goto(`${web}/orders/${orderNum}`);
  const s2 = page2.getByTestId('order-returns');
  await s2.getByText(/CN-/).first().waitFor();
  await s2.scrollIntoViewIfNeeded();
  await page2.screenshot({ path: '/tmp/returns-order-inventory.png' });
  await page2.goto(`${web}/returns`);
  await page2.getByRole('grid', { name: 'Returns' }).getByText('CN-00001').waitFor();
  await page2.screenshot({ path: '/tmp/returns-page-inventory.png' });
} catch (e) {
  console.log('FAILED', e);
  await page.screenshot({ path: '/tmp/returns-failure.png' });
} finally {
  await browser.close();
}
