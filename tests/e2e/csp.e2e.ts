import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, newPage, screenshot, signIn } from '../support/browser';
import { forgiveConsole } from '../support/console-watch';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';
import { catalogFlow } from './catalog-flow';

/**
 * The app works under its Content-Security-Policy (issue 11): every violation the browser reports, as a
 * `securitypolicyviolation` event or a console message, fails the test.
 */
let browser: Browser;
let page: Page;
const violations: string[] = [];

async function watchViolations(target: Page) {
  await target.exposeBinding('__reportCspViolation', (_source, line: string) => violations.push(line));
  await target.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  target.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
}

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await watchViolations(page);
});
afterAll(async () => {
  await browser?.close();
});

describe('the app under its Content-Security-Policy', () => {
  it('is served with the strict policy, and signing in, the catalogue with an image upload, an order with its invoice PDF and New Order report no violation', async () => {
    const { webUrl } = stackInfo();
    const served = await fetch(webUrl);
    const csp = served.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain('unsafe');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');

    const inventory = userFor('INVENTORY');
    await signIn(page, webUrl, inventory.email, inventory.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    // The watch itself: an inline script and style added to the page are refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red }';
      document.head.append(script, style);
    });
    await expect.poll(() => violations.filter((v) => /^script-src-elem|^style-src-elem/.test(v)).length).toBe(2);
    // The browser's console lines about these two refusals are expected here, not complaints of the app.
    const forgiven: string[] = [];
    await expect.poll(() => forgiven.push(...forgiveConsole(/violates the following Content Security Policy/))).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    violations.length = 0;
    // Brand image uploaded (presigned PUT to the bucket) and shown, a product with it, dialogs, a saved filter.
    await catalogFlow(page, webUrl, 'CSP');
    // The image library shows the bucket's images, served from the site's own /images/.
    await page.goto(`${webUrl}/brands`);
    await page.getByRole('button', { name: 'Add brand' }).click();
    await page.getByRole('dialog', { name: 'Add New Brand' }).getByRole('button', { name: 'Choose image' }).click();
    const image = page
      .getByRole('dialog', { name: 'Image Selection' })
      .locator('img[src*="/images/teal-square"]')
      .first();
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await screenshot(page, 'csp-1-brands-with-images');
    expect(violations).toEqual([]);

    // An order and the New Order dialog, as sales.
    page = await newPage(browser);
    await watchViolations(page);
    const sales = userFor('SALES');
    await signIn(page, webUrl, sales.email, sales.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    const to = new Date().toISOString();
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString();
    const orders = await call<Array<{ orderNum: string | number }>>('GET', `/api/db/orders/getByWeek/${from}/${to}`, {
      token: await tokenFor('SALES'),
    });
    expect(orders.status).toBe(200);
    const orderNum = String(orders.body[0]!.orderNum);
    await page.goto(`${webUrl}/orders/${orderNum}`);
    await page.getByRole('heading', { name: 'Edit Order' }).waitFor();
    await page.getByRole('region', { name: 'Change log entries' }).waitFor();
    // pdfmake builds the invoice in the page and PUTs it to the documents bucket.
    await page.getByRole('button', { name: 'Invoice PDF' }).click();
    await page.getByRole('menuitem', { name: 'Save to server invoice PDF (portrait)' }).click();
    await page.getByText(/^Invoice saved as /).waitFor();
    await screenshot(page, 'csp-2-order-page');

    await page.goto(`${webUrl}/orders`);
    await page.getByRole('button', { name: 'New order', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Order' });
    await dialog.waitFor();
    await expectAccessible(page, 'New Order under the CSP');
    await screenshot(page, 'csp-3-new-order');
    expect(violations).toEqual([]);
  });
});
