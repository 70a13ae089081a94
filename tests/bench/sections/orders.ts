import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newOrderInBrowser, ordersBench } from '../orders';
import { startStackProcess } from '../stack-process';
import { buildWeb, CATALOG, ORDERS, summary, useStack, idToken } from './harness';

/** 30,000 orders on the large catalogue: seeding, the order requests over HTTP, New Order in Chromium. */
export async function orders() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-orders-'));
  const buildError = buildWeb();
  const stack = await startStackProcess(dir, [buildError ? '--api-only' : '--static', '--catalog', CATALOG]);
  useStack(stack.info);
  console.log(`orders stack (${CATALOG}) ready in ${stack.ms} ms`);
  const sales = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'SALES')!;
  try {
    const measured = await ordersBench({
      info: stack.info,
      signIn: () => idToken(stack.info, sales.email, sales.password),
      orders: ORDERS,
      samples: 30,
      summary: (latencies) => summary(latencies),
    });
    let browser: Record<string, unknown>;
    try {
      browser = buildError
        ? { skipped: `the web build failed: ${buildError}` }
        : await newOrderInBrowser(stack.info, 5, (latencies) => summary(latencies));
    } catch (error) {
      browser = { error: error instanceof Error ? error.message : String(error) };
    }
    console.log('orders: New Order in Chromium', browser);
    return { orders: { catalogue: CATALOG, seedAndStartMs: stack.ms, ...measured, newOrderInBrowser: browser } };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
