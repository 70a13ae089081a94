import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch, newPage } from './browser';

/**
 * One Chromium for a test file: `onPage` receives its page (and the browser, for more pages) before the file's tests run; the browser closes
 * after them. (Apart from browser.ts, which the bench imports outside vitest.)
 */
export function useBrowserPage(onPage: (page: Page, browser: Browser) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
    onPage(await newPage(browser), browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
}
