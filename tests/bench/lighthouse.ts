import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { freePort } from '../../infra/local/src/ports';
import type { StackInfo } from '../../infra/local/src/stack';
import { CHROMIUM_FLAGS, launch, newPage, signIn } from '../support/browser';
import { median } from './cold-start/load-time';
import { serveFloor } from './floor/serve';

/**
 * The main pages of issue 22, as ADMIN; My deliveries as the driver, on the desktop and the mobile preset; the
 * driver's app (issue 26) on the mobile preset.
 */
export const LIGHTHOUSE_PAGES = [
  '/products',
  '/brands',
  '/inventory',
  '/customers',
  '/orders',
  '/orders/1001',
  '/purchases',
  '/payments',
  '/receivables',
  '/returns',
  '/imports',
  '/accounting',
  '/payroll',
  '/users',
  '/reports/sales',
  '/reports/inventory',
  '/reports/receivables',
] as const;

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
/** `BENCH_LH_PAGES=/products,/orders` audits only those pages (My deliveries and the driver's app only when listed). */
const ONLY = process.env.BENCH_LH_PAGES?.split(',').map((p) => p.trim());
/** `BENCH_LH_REPORTS=dir` keeps each run's full report there, to read where the time went. */
const REPORTS = process.env.BENCH_LH_REPORTS;

export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  largestContentfulPaintMs: number;
  /** Time to interactive (issue 26 holds the driver's app to 2.5 s on the mobile preset's slow 4G). */
  interactiveMs: number;
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A page beside the floor measured in the same browser minutes apart: score ratio and blocking time over it. */
export interface AgainstFloor {
  performanceRatio: number;
  extraBlockingMs: number;
}

/** Where a page is audited: an app path (signed in) or the floor page's own URL. */
interface Target {
  name: string;
  url: string;
}

/**
 * Lighthouse 12 on one signed-in Chromium: the persistent context is the browser's default context, so the tab
 * Lighthouse opens over the DevTools port shares the session the sign-in left in local storage; storage is not
 * reset between runs (`disableStorageReset`), so each page loads with the app's files already cached, as a
 * member of staff opens it. Each figure is the median of `BENCH_LH_RUNS` runs.
 */
async function auditAs(
  info: StackInfo,
  email: string,
  password: string,
  targets: readonly Target[],
  preset: 'desktop' | 'mobile',
): Promise<Record<string, PageFigures>> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bo-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    viewport: { width: 1280, height: 860 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, info.webUrl, email, password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor({ timeout: 60_000 });
    const flags: Flags = {
      port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    };
    const figures: Record<string, PageFigures> = {};
    const runsOf = new Map<string, PageFigures[]>();
    for (const { name: path, url } of targets) {
      const runs = runsOf.get(path) ?? [];
      runsOf.set(path, runs);
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const name = `${preset}${path.replaceAll('/', '_')}-${runs.length}.json`;
          writeFileSync(join(REPORTS, name), JSON.stringify(lhr));
          writeFileSync(join(REPORTS, name.replace('.json', '.trace.json')), JSON.stringify(result.artifacts.Trace));
        }
        const score = (id: string) => round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          totalBlockingTimeMs: round(audit('total-blocking-time')),
          cumulativeLayoutShift: round(audit('cumulative-layout-shift'), 3),
          largestContentfulPaintMs: round(audit('largest-contentful-paint')),
          interactiveMs: round(audit('interactive')),
        });
      }
      const pick = (key: keyof PageFigures) => median(runs.map((r) => r[key]));
      figures[path] = {
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        totalBlockingTimeMs: pick('totalBlockingTimeMs'),
        cumulativeLayoutShift: pick('cumulativeLayoutShift'),
        largestContentfulPaintMs: pick('largestContentfulPaintMs'),
        interactiveMs: pick('interactiveMs'),
      };
      console.log(`lighthouse ${preset} ${path}`, figures[path]);
    }
    return figures;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * What a browser downloads before anyone signs in (the sign-in page on an empty cache), as the static server
 * sends it (gzip, as CloudFront): issue 22 keeps the script at or below 264 KB.
 */
const SIGN_IN_SCRIPT_BUDGET_KB = 264;

async function beforeSignIn(info: StackInfo) {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    const bytes = { script: 0, stylesheet: 0, other: 0 };
    const counted: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      counted.push(
        request.sizes().then(({ responseBodySize }) => {
          const type = request.resourceType();
          bytes[type === 'script' || type === 'stylesheet' ? type : 'other'] += responseBodySize;
        }),
      );
    });
    await page.goto(info.webUrl);
    await page.getByLabel('Email').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(counted);
    const scriptKB = round(bytes.script / 1024, 1);
    if (scriptKB > SIGN_IN_SCRIPT_BUDGET_KB)
      console.warn(`OVER BUDGET: ${scriptKB} KB of script before sign-in (budget ${SIGN_IN_SCRIPT_BUDGET_KB} KB)`);
    return {
      scriptKB,
      scriptBudgetKB: SIGN_IN_SCRIPT_BUDGET_KB,
      stylesheetKB: round(bytes.stylesheet / 1024, 1),
      otherKB: round(bytes.other / 1024, 1),
    };
  } finally {
    await browser.close();
  }
}

const FLOOR = 'floor';

const withoutFloor = (figures: Record<string, PageFigures>) =>
  Object.fromEntries(Object.entries(figures).filter(([name]) => name !== FLOOR));

function againstFloor(figures: Record<string, PageFigures>): Record<string, AgainstFloor> {
  const floor = figures[FLOOR];
  if (!floor) return {};
  return Object.fromEntries(
    Object.entries(withoutFloor(figures)).map(([name, f]) => [
      name,
      {
        performanceRatio: round(f.performance / floor.performance, 2),
        extraBlockingMs: round(f.totalBlockingTimeMs - floor.totalBlockingTimeMs),
      },
    ]),
  );
}

/**
 * Every main page on the desktop preset as ADMIN; My deliveries as the driver on both presets, the driver's app (/driver) on the mobile one. The floor page
 * (tests/bench/floor) is audited in the same browsers before and after the app's pages, so each page also reads
 * as a ratio to what bare Cloudscape scores on this machine in this run (`BENCH_LH_FLOOR=0` skips it).
 */
/** `only`: the pages to audit (default all, or `BENCH_LH_PAGES`). */
export async function lighthouseBench(info: StackInfo, only: readonly string[] | undefined = ONLY) {
  const wanted = (path: string) => !only || only.includes(path);
  const admin = info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
  const driver = info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'DRIVER')!;
  const floor = process.env.BENCH_LH_FLOOR === '0' ? undefined : await serveFloor();
  try {
    const around = (paths: readonly string[]): Target[] => {
      const app = paths.map((path) => ({ name: path, url: `${info.webUrl}${path}` }));
      if (!floor || !app.length) return app;
      const bare = { name: FLOOR, url: floor.url };
      return [bare, ...app, bare];
    };
    const pages = LIGHTHOUSE_PAGES.filter(wanted);
    const deliveries = wanted('/deliveries') ? ['/deliveries'] : [];
    const desktop = pages.length ? await auditAs(info, admin.email, admin.password, around(pages), 'desktop') : {};
    const deliveriesDesktop = deliveries.length
      ? await auditAs(info, driver.email, driver.password, around(deliveries), 'desktop')
      : {};
    // The driver's phone app (issue 26) on the mobile preset only: it is made for a phone.
    const phone = [...deliveries, ...(wanted('/driver') ? ['/driver'] : [])];
    const mobile = phone.length ? await auditAs(info, driver.email, driver.password, around(phone), 'mobile') : {};
    const signInPage = await beforeSignIn(info);
    console.log('before sign-in (gzip as sent)', signInPage);
    return {
      runsPerPage: RUNS,
      beforeSignIn: signInPage,
      // The floor of the admin's browser stands for the desktop preset; the driver's is in its ratio.
      desktop: { ...withoutFloor(deliveriesDesktop), ...desktop },
      mobile,
      againstFloor: {
        desktop: { ...againstFloor(desktop), ...againstFloor(deliveriesDesktop) },
        mobile: againstFloor(mobile),
      },
    };
  } finally {
    await floor?.close();
  }
}
