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
