/**
 * Every Lambda of the app bundled exactly as CDK's `NodejsFunction` bundles it (LAMBDA_BUNDLING), with the
 * esbuild API instead of a `cdk synth`: the same esbuild, the same options, the same bytes (checked by
 * bundle-size.test.ts against the synthesized app's asset). Used by that test (for the floor) and by `npm run bench`.
 */
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { CONSUMERS } from '@bo/events/consumers';
import { JOBS } from '@bo/events/jobs';
import { routeList } from '@bo/shared';
import { LAMBDA_BUNDLING } from '../cdk/lib/backoffice-function';
import { consumerEntry, handlerEntry, jobEntry, REPO_ROOT } from '../cdk/lib/paths';

/** ARCHITECTURE.md, "Cold starts are the latency users feel". */
export const COLD_START_BUDGET = { extraKB: 150, loadRatio: 1.5 } as const;

/**
 * The long jobs' stream consumers (imports, accounting exports) carry the write paths of every kind they import,
 * the file readers and the S3 signer; no user waits on their cold start (they run behind the stream, minutes at a
 * time), so their budget is the floor + 200 KB. Every route and the other consumers keep the floor + 150 KB.
 */
export const JOB_CONSUMER_BUDGET = {
  extraKB: 200,
  entries: ['events/src/consumers/imports.ts', 'events/src/consumers/accounting-exports.ts'],
} as const;

/** The floor: a handler that only creates a DynamoDB DocumentClient and sends one GetCommand. */
export const FLOOR_ENTRY = join(REPO_ROOT, 'tests', 'bench', 'cold-start', 'floor-handler.ts');
export const FLOOR_ID = 'floor';

export interface LambdaEntry {
  /** The route id (`users/getAll`), `jobs/<name>`, `consumers/<name>`, or `floor`. */
  readonly id: string;
  readonly kind: 'route' | 'job' | 'consumer' | 'floor';
  readonly entry: string;
}

/** Every function CDK deploys (one per route row, job and stream consumer) and the floor. */
export function lambdaEntries(): LambdaEntry[] {
  return [
    ...routeList().map((row) => ({ id: row.id, kind: 'route' as const, entry: handlerEntry(row.handler) })),
    ...Object.keys(JOBS).map((name) => ({ id: `jobs/${name}`, kind: 'job' as const, entry: jobEntry(name) })),
    ...(Object.keys(CONSUMERS) as Array<keyof typeof CONSUMERS>).map((name) => ({
      id: `consumers/${name}`,
      kind: 'consumer' as const,
      entry: consumerEntry(name),
    })),
    { id: FLOOR_ID, kind: 'floor', entry: FLOOR_ENTRY },
  ];
}

// Options that change nothing in esbuild's output; any other one must be mirrored below or rejected.
const NOT_ESBUILD = new Set(['forceDockerBundling', 'assetHash', 'bundlingFileAccess', 'esbuildVersion']);

/**
 * The esbuild options CDK derives from `bundling` (aws-lambda-nodejs `Bundling.buildEsbuildArgs`: it runs
 * `esbuild --bundle <entry> --target --platform=node --format --outfile <dir>/index.mjs --minify
 * --sourcemap --sources-content=false --external:… --banner:js --main-fields` in the project root).
 * An option this mirror does not know throws, so the bench can never silently measure something else.
 */
export function esbuildOptionsOf(bundling: BundlingOptions = LAMBDA_BUNDLING): BuildOptions {
  const mirrored = new Set([
    'format',
    'target',
    'minify',
    'sourceMap',
    'sourceMapMode',
    'sourcesContent',
    'mainFields',
    'externalModules',
    'banner',
    'footer',
    'define',
    'loader',
    'keepNames',
    'inject',
  ]);
  const unknown = Object.keys(bundling).filter((key) => !mirrored.has(key) && !NOT_ESBUILD.has(key));
  if (unknown.length) throw new Error(`lambda-bundles.ts does not mirror the bundling option(s) ${unknown.join(', ')}`);
  if (!bundling.target || bundling.externalModules === undefined)
    throw new Error('LAMBDA_BUNDLING must set target and externalModules (their defaults depend on the runtime)');
  const sourcemap = bundling.sourceMapMode ?? bundling.sourceMap;
  return {
    bundle: true,
    platform: 'node',
    absWorkingDir: REPO_ROOT,
    target: bundling.target,
    format: bundling.format,
    minify: bundling.minify ?? false,
    sourcemap: !sourcemap ? false : sourcemap === true || sourcemap === 'default' ? true : sourcemap,
    sourcesContent: bundling.sourcesContent ?? true,
    external: [...bundling.externalModules],
    loader: bundling.loader as BuildOptions['loader'],
    define: bundling.define,
    keepNames: bundling.keepNames,
    inject: bundling.inject,
    banner: bundling.banner ? { js: bundling.banner } : undefined,
    footer: bundling.footer ? { js: bundling.footer } : undefined,
    mainFields: bundling.mainFields,
    logLevel: 'error',
  };
}

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
 */
export async function bundleLambdas(entries: LambdaEntry[], outDir: string): Promise<LambdaBundle[]> {
  const options = esbuildOptionsOf();
  const extension = options.format === 'esm' ? '.mjs' : '.js';
  const dirOf = (entry: LambdaEntry) => entry.id.replaceAll('/', '__');
  const { metafile } = await build({
    ...options,
    entryPoints: Object.fromEntries(entries.map((entry) => [`${dirOf(entry)}/index`, entry.entry])),
    outdir: outDir,
    outExtension: { '.js': extension },
    metafile: true,
  });
  return entries.map((entry) => {
    const file = join(outDir, dirOf(entry), `index${extension}`);
    const output = metafile.outputs[relative(REPO_ROOT, file)];
    if (!output) throw new Error(`esbuild wrote no ${file}`);
    return { ...entry, file, bytes: statSync(file).size, inputs: output.inputs };
  });
}

export const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;
