import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idleBench } from '../idle';
import { startStackProcess } from '../stack-process';

/**
 * The local stack at rest, fresh and after 100,000 writes (tests/bench/idle.ts): as `npm start` runs it, with
 * DynamoDB Local on disk (the in-memory one of tests idles the same way, and holds what it is given in its heap).
 */
export async function idle() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-idle-'));
  const stack = await startStackProcess(dir, ['--api-only'], { persistent: true });
  try {
    return { idleStack: await idleBench(stack, dir) };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
