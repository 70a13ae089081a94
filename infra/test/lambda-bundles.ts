/**
 * Every Lambda of the app bundled exactly as `cdk synth` bundles it (LAMBDA_BUNDLING), with the esbuild API
 * instead of a synth: the same esbuild, the same options, the same bytes (checked by
 * bundle-size.test.ts against the synthesized app's asset). Used by that test (for the floor) and by `npm run bench`.
 */
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { startupBytes } from './synthesized-app';
import { esbuildOptionsOf } from '../cdk/lib/esbuild-options';
import { splitBuildOptions } from '../cdk/lib/split-code';
import { appLambdaEntries, type LambdaEntry } from '../cdk/lib/lambda-entries';
import { REPO_ROOT } from '../cdk/lib/paths';

/** ARCHITECTURE.md, "Cold starts are the latency users feel". */
export const COLD_START_BUDGET = { extraKB: 150, loadRatio: 1.5 } as const;

/**
 * Background functions no user waits on: the stream dispatcher (it carries every consumer's code, each loaded only
 * when a record is for it) and the queued jobs (an import carries the write paths of every kind it imports, the
 * file readers and the S3 signer; they run minutes at a time). Their budget is the floor + 250 KB. Every route and
 * the scheduled job keep the floor + 150 KB.
 */
export const BACKGROUND_BUDGET = {
  extraKB: 250,
  kinds: ['dispatcher', 'queued'],
} as const satisfies { extraKB: number; kinds: ReadonlyArray<LambdaEntry['kind']> };

/** The KB a function of this kind may add to the floor. */
export const extraKBOf = (kind: LambdaEntry['kind']): number =>
  (BACKGROUND_BUDGET.kinds as ReadonlyArray<LambdaEntry['kind']>).includes(kind)
    ? BACKGROUND_BUDGET.extraKB
    : COLD_START_BUDGET.extraKB;

/** The floor: a handler that only creates a DynamoDB DocumentClient and sends one GetCommand. */
export const FLOOR_ENTRY = join(REPO_ROOT, 'tests', 'bench', 'cold-start', 'floor-handler.ts');
export const FLOOR_ID = 'floor';

/**
 * Every function CDK deploys (appLambdaEntries: one per route row and scheduled job, the stream dispatcher, one per
 * queued job) and the floor.
 */
export const lambdaEntries = (): LambdaEntry[] => [
  ...appLambdaEntries(),
  { id: FLOOR_ID, kind: 'floor', entry: FLOOR_ENTRY },
];

export interface LambdaBundle extends LambdaEntry {
  /** The code the Lambda loads (`index.mjs`); the source map beside it is read only on errors. */
  readonly file: string;
  readonly bytes: number;
  /** What went into it: source path (relative to the repo root) → bytes it adds to the output. */
  readonly inputs: Metafile['outputs'][string]['inputs'];
}

/**
 * Bundles `entries` into `<outDir>/<id with / as __>/index.mjs` (+ map) in one esbuild build: each entry
 * point is its own output (no code splitting), byte-identical to building it alone, and the dependencies
 * are parsed once instead of once per function (45 s instead of 170 s for 79 functions on a busy 2-core box).
 * Entries with packages installed beside them (`nodeModules`) get a build of their own with those external.
 */
export async function bundleLambdas(entries: LambdaEntry[], outDir: string): Promise<LambdaBundle[]> {
  const options = esbuildOptionsOf();
  const extension = options.format === 'esm' ? '.mjs' : '.js';
  const dirOf = (entry: LambdaEntry) => entry.id.replaceAll('/', '__');
  const groups = new Map<string, LambdaEntry[]>();
  const split = entries.filter((entry) => entry.splitting);
  for (const entry of split) await build(splitBuildOptions(entry.entry, join(outDir, dirOf(entry))));
  for (const entry of entries.filter((e) => !e.splitting)) {
    const key = [...(entry.nodeModules ?? [])].sort().join('\0');
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const outputs: Metafile['outputs'] = {};
  for (const group of groups.values()) {
    const { metafile } = await build({
      ...options,
      external: [...(options.external ?? []), ...(group[0]!.nodeModules ?? [])],
      entryPoints: Object.fromEntries(group.map((entry) => [`${dirOf(entry)}/index`, entry.entry])),
      outdir: outDir,
      outExtension: { '.js': extension },
      metafile: true,
    });
    Object.assign(outputs, metafile.outputs);
  }
  const metafile = { outputs };
  return entries.map((entry) => {
    const file = join(outDir, dirOf(entry), `index${extension}`);
    if (entry.splitting) return { ...entry, file, bytes: startupBytes(file), inputs: {} };
    const output = metafile.outputs[relative(REPO_ROOT, file)];
    if (!output) throw new Error(`esbuild wrote no ${file}`);
    return { ...entry, file, bytes: statSync(file).size, inputs: output.inputs };
  });
}

export const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

export { esbuildOptionsOf, type LambdaEntry };
