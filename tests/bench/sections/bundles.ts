import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fromRoot } from '../../../infra/local/src/paths';
import { round } from './harness';

export function bundleSizes() {
  const out = mkdtempSync(join(tmpdir(), 'bo-bench-cdk-'));
  const started = performance.now();
  execFileSync('npx', ['cdk', 'synth', '--quiet', '--output', out], { cwd: fromRoot('.'), stdio: 'ignore' });
  const synthMs = Math.round(performance.now() - started);
  const sizes: Record<string, number> = {};
  // The code Lambda loads; source maps (uploaded too, read only on errors) are left out.
  const dirSize = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (sum, e) =>
        sum +
        (e.isDirectory() ? dirSize(join(dir, e.name)) : e.name.endsWith('.map') ? 0 : statSync(join(dir, e.name)).size),
      0,
    );
  for (const file of readdirSync(out).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(out, file), 'utf8')) as {
      Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
    };
    for (const [id, resource] of Object.entries(template.Resources)) {
      const asset = resource.Metadata?.['aws:asset:path'];
      if (resource.Type === 'AWS::Lambda::Function' && asset)
        sizes[`${file.replace('.template.json', '')}/${id}`] = dirSize(join(out, asset));
    }
  }
  rmSync(out, { recursive: true, force: true });
  const values = Object.values(sizes);
  return {
    synthMs,
    count: values.length,
    totalKB: round(values.reduce((a, b) => a + b, 0) / 1024),
    maxKB: round(Math.max(0, ...values) / 1024),
    bytes: sizes,
  };
}
