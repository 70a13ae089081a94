import { performance } from 'node:perf_hooks';
import type { StackInfo } from '../../infra/local/src/stack';
import { launch, newPage, signIn } from '../support/browser';
import type { Summary } from './section';

/**
 * In Chromium, as ADMIN on the Payroll page (today's period): Calculate Commission of the bench user whose
 * customers hold `orders` eligible orders, `rounds` times: ms from the click to the dialog listing them all
 * ('Unpaid Orders (N)' with its first row drawn), closing it between rounds.
 */
export async function commissionInBrowser(
  info: StackInfo,
  user: { name: string; orders: number },
  rounds: number,
  summary: Summary,
) {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    const admin = info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
    await signIn(page, info.webUrl, admin.email, admin.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor({ timeout: 60_000 });
    await page.goto(`${info.webUrl}/payroll`);
    const calculate = page.getByRole('button', { name: `Calculate commission of ${user.name}` });
    await calculate.waitFor({ timeout: 60_000 });
    const ms: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      await calculate.click();
      const dialog = page.getByRole('dialog', { name: /Calculate Commission/ });
      await dialog.getByText(`Unpaid Orders (${user.orders})`).waitFor({ timeout: 60_000 });
      await dialog.locator('tbody tr').first().waitFor({ timeout: 60_000 });
      ms.push(performance.now() - t);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    return { orders: user.orders, openToListed: summary(ms) };
  } finally {
    await browser.close();
  }
}
