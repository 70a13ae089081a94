import { performance } from 'node:perf_hooks';
import type { StackInfo } from '../../infra/local/src/stack';
import { launch, newPage, signIn } from '../support/browser';
import type { Summary } from './section';

/**
 * Runs in the page (plain JavaScript text, as the catalogue bench's keystroke harness): clicks Apply of the
 * restock box with a MutationObserver on the product table attached first, and resolves when the first row's
 * Resulting stock reads `expected` (every product then fills to the target), with the time of that DOM commit
 * and of the next animation frame (null if it did not within 20 s).
 */
const APPLY = `([expected]) => new Promise((resolve) => {
  const dialog = document.querySelector('[role="dialog"]');
  const table = dialog.querySelector('table[aria-label="Products"]') ?? dialog.querySelector('table');
  const apply = [...dialog.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Apply');
  const done = () => table.querySelector('tbody tr td:last-child')?.textContent.trim() === expected;
  let finished = false;
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (finished || !done()) return;
    finished = true;
    observer.disconnect();
    const commit = performance.now() - t0;
    requestAnimationFrame(() => resolve([commit, performance.now() - t0]));
  });
  observer.observe(dialog, { childList: true, subtree: true, characterData: true, attributes: true });
  apply.click();
  setTimeout(() => { if (!finished) { finished = true; observer.disconnect(); resolve(null); } }, 20000);
})`;

/**
 * In Chromium, as a buyer: New Purchase Order, the brand picked, every one of its products selected ('Select
 * all N'), then Fill To applied `rounds` times with targets alternating 300
 * and 400 (above every product's available stock, so each apply changes every quantity): ms from the click on
 * Apply to the table showing the new quantities.
 */
export async function fillToInBrowser(
  info: StackInfo,
  brand: { name: string; products: number },
  rounds: number,
  summary: Summary,
) {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    const buyer = info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'PURCHASING')!;
    await signIn(page, info.webUrl, buyer.email, buyer.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor({ timeout: 60_000 });
    await page.goto(`${info.webUrl}/purchases`);
    const opened = performance.now();
    await page.getByRole('button', { name: 'New purchase order' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Purchase Order' });
    await dialog.waitFor({ timeout: 60_000 });
    await dialog.locator('[data-testid="po-brand"] button').first().click();
    await page.getByRole('option', { name: brand.name, exact: true }).click();
    const table = dialog.getByRole('table', { name: 'Products' });
    await table.locator('tbody tr').nth(49).waitFor({ timeout: 60_000 });
    const brandLoadedMs = Math.round(performance.now() - opened);
    // Every product of the brand ('Select all N' selects every row listed, beyond the page of 50).
    await dialog.getByRole('button', { name: `Select all ${brand.products}` }).click();
    await dialog.getByText(`(${brand.products}/${brand.products})`).waitFor();
    const quantity = dialog.getByRole('textbox', { name: 'Restock quantity' });
    const runs: number[][] = [];
    for (let round = 0; round < rounds; round++) {
      const target = round % 2 === 0 ? 300 : 400;
      await quantity.fill(String(target));
      await page.waitForTimeout(300);
      const ms = await page.evaluate(`(${APPLY})(${JSON.stringify([String(target)])})`);
      if (Array.isArray(ms)) runs.push(ms as number[]);
      await page.waitForTimeout(300);
    }
    if (runs.length === 0) throw new Error('Fill To never updated the table');
    return {
      products: brand.products,
      selected: brand.products,
      openUntilBrandTableMs: brandLoadedMs,
      applyToUpdatedTableMs: {
        toDomCommit: summary(runs.map((r) => r[0]!)),
        toNextFrame: summary(runs.map((r) => r[1]!)),
        note: 'Apply clicked with every product of the brand selected → the first row shows the new resulting stock',
      },
    };
  } finally {
    await browser.close();
  }
}
