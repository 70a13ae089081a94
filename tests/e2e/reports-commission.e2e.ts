import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { stackInfo, userFor } from '../support/stack';

/**
 * Issue 25, the Commission report in Chromium: PAYROLL opens it from the navigation (this year), sees the summary,
 * the chart (or that nothing was paid) and the year's 24 pay periods; the demo payroll submits the pay period before
 * the one it was seeded in, so this year or the last shows at least one period Submitted.
 */

let page: Page;
useBrowserPage((p) => {
  page = p;
});

describe('commission report', () => {
  it('PAYROLL reads commission by rep and pay period, with a submitted period', async () => {
    await withFailureShots(page, 'reports-commission', commissionReport);
  }, 180_000);
});

/** The periods table once the report for `year` is in: its 24 rows drawn. */
async function periodsOf(year: number): Promise<Locator> {
  await page.getByRole('heading', { name: `Summary ${year}` }).waitFor();
  const periods = page.getByRole('table', { name: 'Pay periods' });
  await periods.getByRole('row').filter({ hasText: 'Dec B' }).waitFor();
  expect(await periods.locator('tbody tr').count()).toBe(24);
  await periods.getByRole('row').filter({ hasText: 'Jan A (Jan 1–15)' }).waitFor();
  return periods;
}

async function commissionReport() {
  const { webUrl } = stackInfo();
  const payroll = userFor('PAYROLL');
  await signIn(page, webUrl, payroll.email, payroll.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await page.getByRole('navigation').getByRole('link', { name: 'Commission', exact: true }).first().click();
  await page.waitForURL(/\/reports\/commission$/);
  await page.getByRole('heading', { name: 'Commission', level: 1 }).waitFor();

  const year = new Date().getFullYear();
  let periods = await periodsOf(year);
  // The chart, or the year's empty state.
  await page.getByRole('heading', { name: 'Commission by pay period' }).waitFor();
  await page.getByLabel('Commission by pay period').or(page.getByTestId('commission-empty')).first().waitFor();
  await page.getByLabel('Commission summary').getByText('Periods submitted').waitFor();
  await screenshot(page, 'reports-commission');
  await expectAccessible(page, 'commission report');

  let submitted = await periods.getByText('Submitted', { exact: true }).count();
  if (submitted === 0) {
    // Seeded in the first half of January: the submitted period is last year's last.
    await page.getByRole('button', { name: /Year/ }).click();
    await page.getByRole('option', { name: String(year - 1), exact: true }).click();
    await page.waitForURL(new RegExp(`year=${year - 1}`));
    periods = await periodsOf(year - 1);
    submitted = await periods.getByText('Submitted', { exact: true }).count();
  }
  expect(submitted).toBeGreaterThan(0);
  expect(await page.getByRole('link', { name: 'Open payroll' }).getAttribute('href')).toBe('/payroll');
}
