import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromRoot } from '../../../infra/local/src/paths';
import { payrollBench } from '../payroll';
import { commissionInBrowser } from '../payroll-browser';
import { startStackProcess } from '../stack-process';
import { summary, useStack, idToken } from './harness';

/** Payroll on the demo stack: 40 users, 3,000 eligible orders of one; eligible orders, a 300-order save, submit. */
export async function payroll() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-payroll-'));
  let buildError: string | undefined;
  try {
    execFileSync('npm', ['run', 'build:web'], { cwd: fromRoot('.'), stdio: 'ignore' });
  } catch (error) {
    buildError = error instanceof Error ? error.message : String(error);
  }
  const stack = await startStackProcess(dir, [buildError ? '--api-only' : '--static']);
  useStack(stack.info);
  console.log(`payroll stack ready in ${stack.ms} ms`);
  const admin = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
  try {
    const measured = await payrollBench({
      info: stack.info,
      signIn: () => idToken(stack.info, admin.email, admin.password),
      samples: 20,
      summary: (latencies) => summary(latencies),
    });
    let browser: Record<string, unknown>;
    try {
      browser = buildError
        ? { skipped: `the web build failed: ${buildError}` }
        : await commissionInBrowser(stack.info, measured.benchUser, 5, (latencies) => summary(latencies));
    } catch (error) {
      browser = { error: error instanceof Error ? error.message : String(error) };
    }
    console.log('payroll: Calculate Commission in Chromium', browser);
    return { payroll: { seedAndStartMs: stack.ms, ...measured, commissionInBrowser: browser } };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
