import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type CloudAssembly, readCloudAssembly } from '../local/src/bundles/cloud-assembly';
import { synthesizeApp } from '../local/src/bundles/synth';
import { ENTRY_METADATA } from '../cdk/lib/paths';

/**
 * `cdk synth` with bundling takes about 85 s of CPU (50 s of wall time on a quiet 2-core machine; 8–14 minutes
 * were measured on a busy one when it bundled each function on its own), once per state of the sources: the output
 * is cached by a hash of its inputs and shared with the `api-bundles` tests (infra/local/src/bundles/synth.ts).
 */
export const SYNTH_TIMEOUT_MS = 20 * 60_000;

/** One function of the synthesized app and the code `cdk synth` wrote for it. */
export interface SynthesizedFunction {
  /** The TypeScript entry it is bundled from, relative to the repo root. */
  readonly entry: string;
  readonly path: string;
  readonly codeDir: string;
  /** Its `index.mjs`, and the bytes a cold start loads: that file and the chunks it imports statically (split bundles). */
  readonly file: string;
  readonly bytes: number;
}

export interface SynthesizedApp {
  readonly dir: string;
  readonly assembly: CloudAssembly;
  /** Every function of ours (those with the entry metadata), across all stacks. */
  readonly functions: readonly SynthesizedFunction[];
}

/** The app as `cdk synth` writes it (synthesized now if the cache has none for these sources). */
export async function synthesizedApp(): Promise<SynthesizedApp> {
  const dir = await synthesizeApp({ log: (line) => console.log(`[synth] ${line}`) });
  const assembly = readCloudAssembly(dir);
  const functions = assembly.stacks.flatMap((stack) =>
    Object.values(stack.template.Resources ?? {})
      .filter((r) => r.Type === 'AWS::Lambda::Function' && typeof r.Metadata?.[ENTRY_METADATA] === 'string')
      .map((r) => {
        const key = (r.Properties?.Code as { S3Key: string }).S3Key;
        const codeDir = assembly.assetDir(key);
        if (!codeDir) throw new Error(`${String(r.Metadata?.['aws:cdk:path'])}: asset ${key} is not in ${dir}`);
        const file = `${codeDir}/index.mjs`;
        return {
          entry: r.Metadata![ENTRY_METADATA] as string,
          path: String(r.Metadata?.['aws:cdk:path']),
          codeDir,
          file,
          bytes: startupBytes(file),
        };
      }),
  );
  return { dir, assembly, functions };
}

/**
 * The bytes a cold start loads from a bundle: the file and, in a split bundle, every chunk it imports statically
 * (`import … from "./chunks/…"`, transitively); chunks reached only through `import()` load later, when used.
 */
export function startupBytes(file: string): number {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const [, spec] of readFileSync(path, 'utf8').matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.mjs)"/g))
      visit(join(dirname(path), spec!));
  };
  visit(file);
  return [...seen].reduce((sum, path) => sum + statSync(path).size, 0);
}
