import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Order } from '@bo/shared';

/**
 * The driver's phone app (issue 26) for the browser flows: a phone-sized context with touch, and its screens by
 * their roles and labels.
 */

export async function newPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

/**
 * The phone's network for the offline flows. Playwright's `setOffline` blocks the page's requests and its service
 * worker's, but Chromium (150 here) reports `navigator.onLine` true to a document reloaded while offline and fires
 * no `offline`, and Playwright, which believes its emulation still holds, does not send it again. So after each
 * reload while offline, one DevTools session of the page (left attached: Chromium drops a session's emulation when
 * it detaches) tells the new document it is offline. Requests are blocked while any session says offline; the
 * document believes whichever spoke last. Back online, Playwright's emulation is lifted first (the app may try
 * to send then, and is refused), then the session's, said offline and then online, so the app's last news is an
 * `online` event with nothing blocking.
 */
export async function phoneNetwork(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  let offline = false;
  let told = false;
  const tell = (value: boolean) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: value,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  return {
    async setOffline(value: boolean) {
      offline = value;
      await context.setOffline(value);
      if (!value && told) {
        await tell(true);
        await tell(false);
        told = false;
      }
    },
    async reload() {
      await page.reload();
      if (!offline) return;
      await tell(true);
      told = true;
    },
  };
}

export function driverScreens(page: Page) {
  const stopList = () => page.getByRole('list', { name: "Today's stops" });
  return {
    stopList,
    /** "N waiting to send", "N actions not sent" or "Everything is sent". */
    queueSummary: () => page.getByRole('region', { name: 'Send queue' }).getByRole('button').first(),
    completeForm: () => page.getByRole('form', { name: 'What happened?' }),
    collectForm: () => page.getByRole('form', { name: 'Money collected' }),
    /** The order numbers of the stop cards, top to bottom. */
    orderOfCards: () =>
      stopList()
        .getByRole('listitem')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-order'))),

    async openStop(order: Pick<Order, 'orderNum' | 'customer'>) {
      await page.getByRole('link', { name: new RegExp(`order ${order.orderNum},`) }).click();
      await page.getByRole('heading', { level: 1, name: order.customer.customerName }).waitFor();
    },

    async backToDay() {
      await page.getByRole('link', { name: "Back to today's stops" }).click();
      await stopList().waitFor();
    },

    /** A signature drawn with the pointer on the pad. */
    async sign(form: Locator) {
      const pad = form.getByRole('img', { name: /Signature pad/ });
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 40, box.y + 100);
      await page.mouse.down();
      await page.mouse.move(box.x + 120, box.y + 40, { steps: 8 });
      await page.mouse.move(box.x + 200, box.y + 120, { steps: 8 });
      await page.mouse.move(box.x + 300, box.y + 60, { steps: 8 });
      await page.mouse.up();
      await form.getByRole('img', { name: 'Signature pad, signed' }).waitFor();
    },

    /** Submits the stop's form and waits for the screen to say the outcome was recorded. */
    async record(form: Locator, button: RegExp, outcome: string) {
      await form.getByRole('button', { name: button }).click();
      await page
        .getByRole('status')
        .filter({ hasText: new RegExp(`${outcome} recorded at`) })
        .waitFor();
    },
  };
}
