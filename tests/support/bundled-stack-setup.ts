import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { synthesizeApp } from '../../infra/local/src/bundles/synth';
import { fromRoot } from '../../infra/local/src/paths';
import type { StackInfo } from '../../infra/local/src/stack';
import { START_FAILED } from './bundled-stack-wait';

/**
 * The `api-bundles` project's stack: `npm start -- --bundles <cdk synth output>` in its own process, in a
 * temporary folder on free ports, serving the API from the bundles and environments of the app synthesized
 * from the current sources (cached by their hash; the infra project's bundle tests read the same output).
 *
 * The setup does not wait for it: the synth (started in the background by `npm test`) and the stack's start take a
 * minute or two, and Vitest starts no test file of any project before every global setup has returned. It gives the
 * project the folder instead, and `bundled-stack-wait.ts`, the project's setup file, waits in each test file for
 * the stack's `stack.json` there (or the reason it failed), so the rest of the suite runs meanwhile.
 */
export default function setup(project: TestProject) {
  const started = Date.now();
  // The tests sign in with the SDK here on Node 20; Lambda runs Node 22 (the SDK's upgrade notice is noise).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dir = mkdtempSync(join(tmpdir(), 'bo-test-bundles-'));
  const logFile = join(dir, 'start.log');
  let child: ChildProcess | undefined;
  let stopping = false;
  const starting = (async () => {
    const cdkOut = await synthesizeApp({ log: (line) => console.log(`[api-bundles] ${line}`) });
    if (stopping) return;
    const log = createWriteStream(logFile);
    child = spawn(
      fromRoot('node_modules', '.bin', 'tsx'),
      [
        fromRoot('infra/local/src/start.ts'),
        '--bundles',
        cdkOut,
        '--dir',
        dir,
        '--port',
        '0',
        '--any-ports',
        '--memory',
        '--quick-jit',
        '--api-only',
      ],
      { cwd: fromRoot(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    const info = await stackReady(child, dir, logFile);
    console.log(`[api-bundles] stack from the bundles of ${cdkOut} up at ${info.webUrl} in ${Date.now() - started} ms`);
  })().catch((error: unknown) => {
    writeFileSync(join(dir, START_FAILED), error instanceof Error ? (error.stack ?? error.message) : String(error));
  });
  project.provide('bundledStackDir', dir);
  return async () => {
    stopping = true;
    if (child) await stop(child);
    await starting;
    if (child) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Resolves with the stack's stack.json once it is written (the last step of a start); rejects if the start fails. */
function stackReady(child: ChildProcess, dir: string, logFile: string): Promise<StackInfo> {
  return new Promise((resolve, reject) => {
    const file = join(dir, 'stack.json');
    const onExit = (code: number | null) =>
      reject(new Error(`npm start -- --bundles exited (${code}):\n${readFileSync(logFile, 'utf8').slice(-4000)}`));
    child.once('exit', onExit);
    const check = () => {
      if (existsSync(file)) {
        try {
          const info = JSON.parse(readFileSync(file, 'utf8')) as StackInfo;
          child.off('exit', onExit);
          resolve(info);
          return;
        } catch {
          // Being written: read it on the next check.
        }
      }
      if (child.exitCode === null) setTimeout(check, 200);
    };
    check();
  });
}

/** Stops the stack as Ctrl-C does (it stops its emulators and functions); kills it if that hangs for a minute. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.warn('[api-bundles] the bundled stack did not stop within 60 s: killing it (its emulators may remain)');
      child.kill('SIGKILL');
    }, 60_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
