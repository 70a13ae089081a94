/**
 * The app's functions bundled in one esbuild run (infra/cdk/lib/bundled-code.ts): the run covers exactly the
 * functions `cdk synth` bundles to one file, leaves nothing behind in the assembly, and an entry outside it is
 * bundled alone, to the bytes esbuild gives it, each function with a bundle of its own.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledCode, plannedEntries } from '../cdk/lib/bundled-code';
import { esbuildOptionsOf } from '../cdk/lib/esbuild-options';
import { appLambdaEntries } from '../cdk/lib/lambda-entries';
import { REPO_ROOT } from '../cdk/lib/paths';
import { SYNTH_TIMEOUT_MS, synthesizedApp } from './synthesized-app';

const dir = mkdtempSync(join(tmpdir(), 'bo-bundled-code-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bundled code', () => {
  it(
    'one run builds every function synthesized to one file, and the assembly keeps none of its folders',
    async () => {
      const app = await synthesizedApp();
      const planned = [...plannedEntries()].map((entry) => relative(REPO_ROOT, entry)).sort();
      const apart = appLambdaEntries().filter((e) => e.splitting || e.nodeModules);
      expect(apart.map((e) => e.id).sort()).toEqual(['queued/imports', 'storage.createInvoice', 'stream/dispatcher']);
      const synthesized = app.functions.map((f) => f.entry).sort();
      expect(synthesized).toEqual([...planned, ...apart.map((e) => relative(REPO_ROOT, e.entry))].sort());
      expect(readdirSync(app.dir).filter((name) => name.startsWith('bundle-'))).toEqual([]);
    },
    SYNTH_TIMEOUT_MS,
  );

  it('an entry outside the run is bundled alone, as esbuild bundles it, and two such functions do not share one', () => {
    const entries = ['a', 'b'].map((name) => {
      const file = join(dir, `${name}.ts`);
      writeFileSync(file, `export const handler = async () => ({ statusCode: 200, body: '${name}' });\n`);
      return file;
    });
    const app = new App({ outdir: join(dir, 'cdk.out') });
    const stack = new Stack(app, 'Bundled');
    const functions = entries.map(
      (entry, i) =>
        new LambdaFunction(stack, `F${i}`, {
          runtime: Runtime.NODEJS_22_X,
          handler: 'index.handler',
          code: bundledCode(entry),
        }),
    );
    const assembly = app.synth();
    const template = assembly.getStackByName('Bundled').template as {
      Resources: Record<string, { Type: string; Properties: { Code?: { S3Key?: string } } }>;
    };
    const keys = Object.values(template.Resources).flatMap((r) =>
      r.Properties.Code?.S3Key ? [r.Properties.Code.S3Key] : [],
    );
    expect(functions).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    for (const [i, entry] of entries.entries()) {
      const alone = join(dir, `alone-${i}`, 'index.mjs');
      buildSync({ ...esbuildOptionsOf(), entryPoints: [entry], outfile: alone });
      const asset = join(assembly.directory, `asset.${keys[i]!.replace(/\.zip$/, '')}`, 'index.mjs');
      expect(readFileSync(asset, 'utf8')).toBe(readFileSync(alone, 'utf8'));
      expect(readFileSync(asset, 'utf8')).toContain(`"${'ab'[i]}"`);
    }
  });
});
