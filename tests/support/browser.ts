import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { watchConsole } from './console-watch';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

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
 * axe-core on what is on screen: no serious or critical violations. Every rule axe runs by default runs, in the page
 * itself. Three choices only make it cheaper, the CPU of the browser flows being mostly axe's (about 1.5–2 s of
 * Chromium's CPU on a Cloudscape page, most of it the colour-contrast rule): axe's source (570 KB) goes into a
 * document once, not twice every check as `@axe-core/playwright` sends it; only violations are collected
 * (`resultTypes`), not every node that passed; and the first run builds no CSS selectors for what it found (a fifth
 * of the run on these pages), which only the message of a failure needs: a page that fails is checked again with
 * them, so the message names the elements.
 */
export async function expectAccessible(page: Page, label: string) {
  const inject = async (frame: Frame) => {
    if (!(await frame.evaluate(() => 'axe' in window)))
      await frame.evaluate(`${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`);
  };
  await inject(page.mainFrame());
  // A child frame gone or navigating meanwhile is no frame to check (as @axe-core/playwright treats it).
  for (const frame of page.frames().slice(1)) await inject(frame).catch(() => undefined);
  const serious = (selectors: boolean) =>
    page.evaluate(async (selectors) => {
      const found = await window.axe.run(document, { resultTypes: ['violations'], selectors, ancestry: false });
      return found.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target?.join(' ')).join(', ')}`);
    }, selectors);
  if ((await serious(false)).length === 0) return;
  throw new Error(`Accessibility of ${label}:\n${(await serious(true)).join('\n')}`);
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
