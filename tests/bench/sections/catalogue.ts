import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listProductItems, loadCatalogNames } from '@bo/functions/data';
import { launch, newPage, signIn } from '../../support/browser';
import { searchKeystrokeLatency } from '../catalog';
import { startStackProcess } from '../stack-process';
import {
  SECONDS,
  CATALOG,
  CONNECTIONS,
  summary,
  measure,
  useStack,
  idToken,
  apiLoad,
  requireWebBuild,
} from './harness';

export async function catalogue() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-catalog-'));
  requireWebBuild();
  const stack = await startStackProcess(dir, ['--static', '--catalog', CATALOG]);
  useStack(stack.info);
  const products = (await listProductItems()).length;
  console.log(`catalogue stack (${CATALOG}, ${products} products) ready in ${stack.ms} ms`);
  const sales = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'SALES')!;
  const token = await idToken(stack.info, sales.email, sales.password);
  const bareCalls = async () => {
    await Promise.all([listProductItems(), loadCatalogNames()]);
  };
  const url = `${stack.info.apiUrl}/db/products/getAll`;
  const single = { api: await apiLoad(url, token, 1), bare: await measure(SECONDS, 1, bareCalls) };
  const loaded = { api: await apiLoad(url, token), bare: await measure(SECONDS, CONNECTIONS, bareCalls) };
  console.log('products/getAll', { single, loaded });

  const browser = await launch();
  let search: Record<string, unknown>;
  try {
    const page = await newPage(browser);
    const admin = stack.info.users[0]!;
    await signIn(page, stack.info.webUrl, admin.email, admin.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor({ timeout: 60_000 });
    await page.goto(`${stack.info.webUrl}/products`);
    const input = 'input[type="search"]';
    await page.locator(input).first().waitFor({ timeout: 60_000 });
    await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    // Three rounds of three searches, the box cleared before each, so every keystroke starts from a known table.
    const runs = [];
    for (let round = 0; round < 3; round++)
      for (const term of ['blue dream flower', 'og kush vape', 'gelato']) {
        await page.fill(input, '');
        await page.waitForTimeout(300);
        runs.push(await searchKeystrokeLatency(page, input, 'main', term));
      }
    search = {
      toDomCommit: summary(runs.flatMap((r) => r.commit)),
      toNextFrame: summary(runs.flatMap((r) => r.frame)),
    };
  } catch (error) {
    search = { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await browser.close();
  }
  console.log('search keystroke → filtered table (ms)', search);
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    catalogue: {
      brands: Number(CATALOG.split('x')[0]),
      products,
      seedAndStartMs: stack.ms,
      productsGetAll: {
        seconds: SECONDS,
        oneAtATime: single,
        [`${CONNECTIONS}Concurrent`]: loaded,
        note: 'bare = the 4 product shard Queries (all pages) and the brand/type/extract-type lists, in parallel',
      },
      searchKeystrokeToFilteredTableMs: { ...search, targetMs: 30 },
    },
  };
}
