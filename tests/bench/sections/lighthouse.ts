import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lighthouseBench } from '../lighthouse';
import { startStackProcess } from '../stack-process';
import { requireWebBuild } from './harness';

/**
 * Lighthouse on the production build: every main page with the demo data, then with the 60 × 84 catalogue
 * (`--catalog 60x84`: 5,040 products) beside the demo's orders (issue 22). `BENCH_LH_LARGE=0` skips the second.
 */
export async function lighthousePages() {
  requireWebBuild();
  const onStack = async (extra: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'bo-bench-lighthouse-'));
    const stack = await startStackProcess(dir, ['--static', ...extra]);
    console.log(`lighthouse stack ${extra.join(' ') || '(demo)'} ready in ${stack.ms} ms`);
    try {
      return await lighthouseBench(stack.info);
    } finally {
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const demo = await onStack([]);
  const catalogue60x84 = process.env.BENCH_LH_LARGE === '0' ? undefined : await onStack(['--catalog', '60x84']);
  return { lighthouse: { demo, catalogue60x84 } };
}
