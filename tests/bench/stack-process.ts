import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fromRoot } from '../../infra/local/src/paths';
import type { StackInfo } from '../../infra/local/src/stack';

/**
 * Starts the stack as `npm start` does, in its own process, and times it until `stack.json` is written. DynamoDB
 * Local runs in memory (`--memory`) unless `persistent`: only a measured restart needs the table kept on disk.
 */
export async function startStackProcess(dir: string, extra: string[] = [], options: { persistent?: boolean } = {}) {
  rmSync(join(dir, 'stack.json'), { force: true });
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      fromRoot('node_modules/tsx/dist/cli.mjs'),
      fromRoot('infra/local/src/start.ts'),
      '--dir',
      dir,
      '--port',
      '0',
      '--any-ports',
      ...(options.persistent ? [] : ['--memory']),
      ...extra,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  while (!existsSync(join(dir, 'stack.json'))) {
    if (child.exitCode !== null) throw new Error('the local stack exited during start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = Math.round(performance.now() - started);
  const info = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  return { ms, info, stop, pid: child.pid };
}
