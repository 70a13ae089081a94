import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { watchConsole } from './console-watch';

export const ARTIFACTS = join(import.meta.dirname, '../artifacts');

/** The flags this machine's headless Chromium needs (no background network calls). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Debian's Chromium, headless. Every context it opens has its console watched (`console-watch.ts`): Playwright
 * has no event for a new context, so `newContext` is wrapped here, the one place every flow gets its browser.
 */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchConsole(context);
    return context;
  };
  return browser;
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * axe-core on what is on screen: no serious or critical violations. Every rule runs; two options only make it
 * cheaper, the CPU of the browser flows being mostly axe's (2–7 s of Chromium's CPU a Cloudscape page with the
 * defaults, about 1.5–2.5 s with these, measured on Products, Customers and Orders): `legacyMode` runs axe in the
 * page itself rather than finishing the run in a new blank page each time (the app has no cross-origin frames for
 * that to reach), and `resultTypes` stops axe from collecting every node that passed, which nothing here reads.
 */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  if (bad.length > 0) throw new Error(`Accessibility of ${label}:\n${bad.join('\n')}`);
}

export async function signIn(page: Page, webUrl: string, email: string, password: string) {
  await page.goto(webUrl);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
}

/**
 * Runs a browser flow; when it fails, saves the screen and the whole page as `<name>-failure(-full).png`,
 * logs the address (and `detail`, when given) and rethrows.
 */
export async function withFailureShots(
  page: Page,
  name: string,
  flow: () => Promise<void>,
  detail?: () => Promise<string>,
) {
  try {
    await flow();
  } catch (error) {
    await screenshot(page, `${name}-failure`).catch(() => undefined);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-failure-full.png`), fullPage: true }).catch(() => undefined);
    const more = detail ? await detail().catch(() => '') : '';
    console.error(`Failed at ${page.url()}${more ? `; ${more}` : ''}`);
    throw error;
  }
}
