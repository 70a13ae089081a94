/**
 * The driver's phone app (issue 26) against the limits, in Chromium at 390×844 with touch on the
 * production build (`BENCH_ONLY=driver`): the script the phone downloads before the stop list (as the static
 * server sends it, gzip), opening a stop with the network off (measured in the page, click to the stop's heading),
 * and a queue of 50 actions made offline sent once the network is back (network on to "Everything is sent").
 * Lighthouse's time to interactive on the mobile preset is in the lighthouse section (`/driver`).
 */
import type { Page } from 'playwright-core';
import type { StackInfo } from '../../infra/local/src/stack';
import { launch } from '../support/browser';
import { driverScreens, newPhone } from '../support/driver-phone';
import type { Summary } from './section';

const OPEN_SAMPLES = Number(process.env.BENCH_DRIVER_OPENS ?? 20);
const QUEUE_ACTIONS = 50;

/**
 * Clicks the stop link whose label starts with `label` and times, in the page, until its heading shows. Sent as
 * source text: tsx's compiled functions carry helper calls the page does not have.
 */
const openStopMs = (page: Page, label: string) =>
  page.evaluate<number>(`(async (prefix) => {
    const link = Array.from(document.querySelectorAll('a')).find((a) => (a.getAttribute('aria-label') || '').startsWith(prefix));
    if (!link) throw new Error('no stop link ' + prefix);
    const customer = link.getAttribute('aria-label').split(', ').slice(1).join(', ');
    const started = performance.now();
    link.click();
    await new Promise((resolve) => {
      const check = () => (document.querySelector('h1')?.textContent === customer ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - started;
  })(${JSON.stringify(label)})`);

export async function driverAppBench(info: StackInfo, summary: Summary) {
  const driver = info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'DRIVER')!;
  const browser = await launch();
  try {
    const { context, page } = await newPhone(browser);
    const screens = driverScreens(page);
    let scriptBytes = 0;
    const counted: Promise<void>[] = [];
    const count = (request: { resourceType(): string; sizes(): Promise<{ responseBodySize: number }> }) => {
      if (request.resourceType() === 'script')
        counted.push(request.sizes().then(({ responseBodySize }) => void (scriptBytes += responseBodySize)));
    };
    page.on('requestfinished', count);
    await page.goto(`${info.webUrl}/driver`);
    await page.getByLabel('Email').fill(driver.email);
    await page.getByLabel('Password').fill(driver.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await screens.stopList().getByRole('listitem').first().waitFor();
    await Promise.all(counted);
    page.off('requestfinished', count);
    const stops = await screens.stopList().getByRole('listitem').count();
    // The app shell is on the phone once the service worker is active.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await context.setOffline(true);
    const opens: number[] = [];
    for (let i = 0; i < OPEN_SAMPLES; i++) {
      opens.push(await openStopMs(page, `Stop ${(i % stops) + 1}:`));
      await screens.backToDay();
    }

    // 50 actions while offline: the first stop moved down and up again (each move is a queued route order).
    const first = await screens.orderOfCards();
    for (let i = 0; i < QUEUE_ACTIONS; i++) {
      await page.getByRole('button', { name: `Move order ${first[0]} ${i % 2 === 0 ? 'down' : 'up'}` }).click();
    }
    await page
      .getByRole('region', { name: 'Send queue' })
      .getByText(new RegExp(`${QUEUE_ACTIONS} waiting`))
      .waitFor();
    const back = performance.now();
    await context.setOffline(false);
    await page.waitForFunction(() => document.body.textContent?.includes('Everything is sent'), undefined, {
      timeout: 120_000,
      polling: 50,
    });
    const syncMs = Math.round(performance.now() - back);
    await context.close();
    const result = {
      stops,
      scriptBeforeStopListKB: Math.round((scriptBytes / 1024) * 10) / 10,
      scriptBudgetKB: 200,
      openStopOfflineMs: summary(opens),
      openStopBudgetMs: 100,
      queue: { actions: QUEUE_ACTIONS, kind: 'route order (move a stop)', syncMs, budgetMs: 10_000 },
    };
    console.log('driver app', JSON.stringify(result));
    return result;
  } finally {
    await browser.close();
  }
}
