import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromRoot } from '../../../infra/local/src/paths';
import { purchasingBench } from '../purchasing';
import { fillToInBrowser } from '../purchasing-browser';
import { startStackProcess } from '../stack-process';
import { CATALOG, summary, useStack, idToken } from './harness';

/** A 5,000-product brand on the large catalogue: the purchase-order requests over HTTP, Fill To in Chromium. */
export async function purchasing() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-purchasing-'));
  let buildError: string | undefined;
  try {
    execFileSync('npm', ['run', 'build:web'], { cwd: fromRoot('.'), stdio: 'ignore' });
  } catch (error) {
    buildError = error instanceof Error ? error.message : String(error);
  }
  const stack = await startStackProcess(dir, [buildError ? '--api-only' : '--static', '--catalog', CATALOG]);
  useStack(stack.info);
  console.log(`purchasing stack (${CATALOG}) ready in ${stack.ms} ms`);
  const buyer = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'PURCHASING')!;
  try {
    const measured = await purchasingBench({
      info: stack.info,
      signIn: () => idToken(stack.info, buyer.email, buyer.password),
      samples: 30,
      summary: (latencies) => summary(latencies),
    });
    let browser: Record<string, unknown>;
    try {
      browser = buildError
        ? { skipped: `the web build failed: ${buildError}` }
        : await fillToInBrowser(stack.info, measured.fillBrand, 10, (latencies) => summary(latencies));
    } catch (error) {
      browser = { error: error instanceof Error ? error.message : String(error) };
    }
    console.log('purchasing: Fill To in Chromium', browser);
    return { purchasing: { catalogue: CATALOG, seedAndStartMs: stack.ms, ...measured, fillToInBrowser: browser } };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
