import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paymentsBench } from '../payments';
import { startStackProcess } from '../stack-process';
import { summary, useStack, idToken } from './harness';

/** Payments on the demo stack: one payment across 30 orders, and 50 at once against the same orders. */
export async function payments() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-payments-'));
  const stack = await startStackProcess(dir, ['--api-only']);
  useStack(stack.info);
  console.log(`payments stack ready in ${stack.ms} ms`);
  const admin = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
  try {
    const measured = await paymentsBench({
      info: stack.info,
      signIn: () => idToken(stack.info, admin.email, admin.password),
      samples: 30,
      summary: (latencies) => summary(latencies),
    });
    return { payments: { seedAndStartMs: stack.ms, ...measured } };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
