/**
 * The dry-run table in Chromium (issue 24: a keystroke stays under 50 ms with 10,000 rows), for the imports bench:
 * an import of 10,000 rows left at its dry run, its page opened as ADMIN, and each keystroke of a few searches in
 * the table's filter timed to the DOM commit and to the next frame (the catalogue bench's harness).
 */
import type { StackInfo } from '../../infra/local/src/stack';
import { launch, newPage, signIn } from '../support/browser';
import { searchKeystrokeLatency } from './catalog';
import type { Summary } from './section';

export async function dryRunTableInBrowser(info: StackInfo, importId: string, terms: string[], summary: Summary) {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    const admin = info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
    await signIn(page, info.webUrl, admin.email, admin.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor({ timeout: 60_000 });
    const opened = performance.now();
    await page.goto(`${info.webUrl}/imports/${importId}`);
    const input = 'input[type="search"]';
    await page.locator(input).first().waitFor({ timeout: 120_000 });
    await page.locator('table tbody tr').first().waitFor({ timeout: 120_000 });
    const openMs = Math.round(performance.now() - opened);
    const runs = [];
    for (let round = 0; round < 3; round++)
      for (const term of terms) {
        await page.fill(input, '');
        await page.locator('table tbody tr').first().waitFor();
        runs.push(await searchKeystrokeLatency(page, input, 'main', term));
      }
    return {
      rows: 10_000,
      openToTableMs: openMs,
      toDomCommit: summary(runs.flatMap((r) => r.commit)),
      toNextFrame: summary(runs.flatMap((r) => r.frame)),
      targetMs: 50,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await browser.close();
  }
}
