/**
 * The execution environments of `npm start -- --bundles` (infra/local/src/bundles/lambda-pool.ts), on small
 * handcrafted assets: what a function sees of its process, warm reuse, one event at a time, Timeout, init
 * errors.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InvocationError, LambdaPool } from '../local/src/bundles/lambda-pool';
import type { LambdaSpec } from '../local/src/bundles/lambda-specs';

let dir: string;
let pool: LambdaPool | undefined;

/** An asset folder holding index.mjs with `code`, as the spec of a function with a 2 s Timeout. */
function asset(name: string, code: string, timeoutSeconds = 2): LambdaSpec {
  const codeDir = join(dir, name);
  mkdirSync(codeDir);
  writeFileSync(join(codeDir, 'index.mjs'), code);
  return {
    name,
    path: `test/${name}`,
    codeDir,
    handlerFile: join(codeDir, 'index.mjs'),
    handlerExport: 'handler',
    runtime: 'nodejs22.x',
    timeoutSeconds,
    memoryMB: 128,
    environment: { OWN_SETTING: name },
  };
}

const newPool = (options: Partial<ConstructorParameters<typeof LambdaPool>[0]> = {}) =>
  (pool = new LambdaPool({ logDir: join(dir, 'logs'), baseEnvironment: { ENDPOINT: 'http://local' }, ...options }));

const PROCESS_INFO = `export const handler = async (event, context) => ({
  pid: process.pid, cwd: process.cwd(), env: process.env, event, requestId: context.awsRequestId,
  remainingMs: context.getRemainingTimeInMillis(),
});`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bo-pool-'));
});
afterEach(async () => {
  await pool?.stop();
  pool = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a function run from its bundle', () => {
  it('runs in a process of its own, in a copy of its asset, with only its own environment and the base one', async () => {
    const spec = asset('info', PROCESS_INFO);
    process.env.BO_PARENT_ONLY = 'the test process';
    const result = (await newPool().invoke(spec, { hello: 'world' }, 'req-1')) as {
      pid: number;
      cwd: string;
      env: Record<string, string>;
      event: unknown;
      requestId: string;
      remainingMs: number;
    };
    expect(result.pid).not.toBe(process.pid);
    expect(result.cwd.startsWith(dir)).toBe(false);
    expect(result.event).toEqual({ hello: 'world' });
    expect(result.requestId).toBe('req-1');
    expect(result.remainingMs).toBeGreaterThan(0);
    expect(result.remainingMs).toBeLessThanOrEqual(2000);
    expect(result.env).toMatchObject({
      OWN_SETTING: 'info',
      ENDPOINT: 'http://local',
      AWS_LAMBDA_FUNCTION_NAME: 'info',
      _HANDLER: 'index.handler',
      LAMBDA_TASK_ROOT: result.cwd,
      TZ: 'UTC',
      _X_AMZN_TRACE_ID: expect.stringMatching(/^Root=1-[0-9a-f]{8}-[0-9a-f]{24};Parent=[0-9a-f]{16};Sampled=0$/),
    });
    // Nothing of the parent process's environment leaks in (the test's, vitest's).
    expect(result.env.BO_PARENT_ONLY).toBeUndefined();
    expect(Object.keys(result.env).filter((key) => key.startsWith('VITEST'))).toEqual([]);
  });

  it('keeps the environment warm, and hands it one event at a time', async () => {
    const spec = asset(
      'slow',
      `let running = 0;
      export const handler = async () => {
        running += 1;
        const seen = running;
        await new Promise((resolve) => setTimeout(resolve, 50));
        running -= 1;
        return { pid: process.pid, concurrent: seen };
      };`,
    );
    const pool = newPool({ maxPerFunction: 1 });
    const results = (await Promise.all([1, 2, 3].map(() => pool.invoke(spec, {})))) as Array<{
      pid: number;
      concurrent: number;
    }>;
    expect(new Set(results.map((r) => r.pid)).size).toBe(1);
    expect(results.map((r) => r.concurrent)).toEqual([1, 1, 1]);
  });

  it('stops an invocation at its Timeout and starts a fresh environment for the next', async () => {
    const spec = asset(
      'sleepy',
      `export const handler = async (event) => {
        if (event.sleep) await new Promise((resolve) => setTimeout(resolve, 60_000));
        return { pid: process.pid };
      };`,
      1,
    );
    const pool = newPool();
    const { pid } = (await pool.invoke(spec, {})) as { pid: number };
    await expect(pool.invoke(spec, { sleep: true })).rejects.toMatchObject({
      errorType: 'Sandbox.Timedout',
      message: expect.stringContaining('Task timed out after 1 seconds'),
    });
    const next = (await pool.invoke(spec, {})) as { pid: number };
    expect(next.pid).not.toBe(pid);
  });

  it('reports a module that does not load as Runtime.ImportModuleError, and a thrown error as the function’s', async () => {
    const broken = asset('broken', 'export const handler = async () => {');
    const throwing = asset('throwing', 'export const handler = async () => { throw new TypeError("no way"); };');
    const pool = newPool();
    const failure = await pool.invoke(broken, {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvocationError);
    expect((failure as InvocationError).errorType).toBe('Runtime.ImportModuleError: SyntaxError');
    await expect(pool.invoke(throwing, {})).rejects.toMatchObject({ errorType: 'TypeError', message: /no way/ });
  });

  it('refuses a response above Lambda’s 6 MB', async () => {
    const spec = asset('large', `export const handler = async () => ({ body: 'x'.repeat(7 * 1024 * 1024) });`);
    await expect(newPool().invoke(spec, {})).rejects.toMatchObject({ errorType: 'Function.ResponseSizeTooLarge' });
  });
});
