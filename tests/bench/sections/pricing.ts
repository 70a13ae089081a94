import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pricingBench } from '../pricing';
import { startStackProcess } from '../stack-process';
import { CATALOG, PRICING, summary, useStack, idToken } from './harness';

/** Customers × custom prices on the large catalogue: the refresh job at two sizes, the pricing requests. */
export async function pricing() {
  const match = /^(\d+)x(\d+)$/.exec(PRICING);
  if (!match) throw new Error('BENCH_PRICING takes <customers>x<pricesPerCustomer>, e.g. 300x500');
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-pricing-'));
  const stack = await startStackProcess(dir, ['--api-only', '--catalog', CATALOG]);
  useStack(stack.info);
  console.log(`pricing stack (${CATALOG}) ready in ${stack.ms} ms`);
  const sales = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'SALES')!;
  try {
    return await pricingBench({
      stackDir: dir,
      info: stack.info,
      signIn: () => idToken(stack.info, sales.email, sales.password),
      customers: Number(match[1]),
      perCustomer: Number(match[2]),
      samples: 30,
      summary: (latencies) => summary(latencies),
    });
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
