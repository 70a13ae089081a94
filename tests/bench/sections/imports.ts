import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importsBench } from '../imports';
import { accountingBench } from '../accounting';
import { startStackProcess } from '../stack-process';
import { buildWeb, summary, useStack, idToken } from './harness';

/**
 * Imports on the demo stack: 10,000 products, 2,000 customers and 2,000 of their prices, each a file over HTTP; then
 * an accounting export of 30,000 orders on the same stack.
 */
export async function importsSection() {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-imports-'));
  const buildError = process.env.BENCH_IMPORTS !== '0' ? buildWeb() : undefined;
  const withBrowser = process.env.BENCH_IMPORTS !== '0' && !buildError;
  const stack = await startStackProcess(dir, [withBrowser ? '--static' : '--api-only']);
  useStack(stack.info);
  console.log(`imports stack ready in ${stack.ms} ms`);
  const admin = stack.info.users.find((u) => u.roles.length === 1 && u.roles[0] === 'ADMIN')!;
  try {
    const token = await idToken(stack.info, admin.email, admin.password);
    const request = async <T>(method: string, path: string, body?: unknown) => {
      const response = await fetch(`${stack.info.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return { status: response.status, body: JSON.parse(text) as T };
    };
    // BENCH_IMPORTS=0 or BENCH_ACCOUNTING=0 leaves out one of the two.
    const measured =
      process.env.BENCH_IMPORTS === '0'
        ? undefined
        : await importsBench({
            info: stack.info,
            signIn: () => Promise.resolve(token),
            samples: 1,
            summary: (latencies) => summary(latencies),
            pid: stack.pid,
            withBrowser,
            request,
          });
    const accountingExport = process.env.BENCH_ACCOUNTING === '0' ? undefined : await accountingBench(request, dir);
    return {
      ...(measured ? { imports: { seedAndStartMs: stack.ms, ...measured } } : {}),
      ...(accountingExport ? { accountingExport } : {}),
    };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
