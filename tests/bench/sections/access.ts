import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callerStateBench } from '../caller-state';
import { startStackProcess } from '../stack-process';
import { summary, useStack, idToken } from './harness';

/** The caller-state check on the demo stack: a route cold, warm and without the check, in process. */
export async function access() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-access-'));
  const stack = await startStackProcess(dir, ['--api-only']);
  useStack(stack.info);
  console.log(`access stack ready in ${stack.ms} ms`);
  const admin = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
  try {
    return await callerStateBench({
      info: stack.info,
      signIn: () => idToken(stack.info, admin.email, admin.password),
      samples: 0,
      summary: (latencies) => summary(latencies),
    });
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
