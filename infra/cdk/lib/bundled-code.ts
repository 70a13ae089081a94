import { readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync } from 'esbuild';
import { esbuildOptionsOf } from './esbuild-options';
import { appLambdaEntries } from './lambda-entries';
import { locallyBundled } from './split-code';

/** The file NodejsFunction writes for an ESM bundle (`--outfile <dir>/index.mjs`), its source map beside it. */
const EXTENSION = esbuildOptionsOf().format === 'esm' ? '.mjs' : '.js';

/**
 * A function's code, bundled as NodejsFunction bundles it (LAMBDA_BUNDLING through esbuildOptionsOf: the same
 * esbuild, options and output files, so the same bytes and asset hash), except that the first function bundled
 * builds every function of the app (appLambdaEntries) in one esbuild run and the others take their output from it.
 * One run parses the handlers' shared code and the AWS SDK once instead of once per function: 33 s of CPU for the
 * app's 140 bundles against 142 s one at a time, on top of which NodejsFunction started a process per bundle.
 * An entry outside that list (a test's own app) is built alone, with the same options.
 */
export const bundledCode = (entry: string): Code =>
  locallyBundled('bundle', entry, (outputDir) => {
    const built = plannedEntries().has(entry) ? takeBuilt(dirname(outputDir), entry) : undefined;
    if (built) moveInto(built, outputDir);
    else buildSync({ ...esbuildOptionsOf(), entryPoints: [entry], outfile: join(outputDir, `index${EXTENSION}`) });
  });

let planned: ReadonlySet<string> | undefined;
/** The entries built together: the app's functions bundled to one file, without packages installed beside them. */
export const plannedEntries = (): ReadonlySet<string> =>
  (planned ??= new Set(appLambdaEntries().flatMap((e) => (e.splitting || e.nodeModules ? [] : [e.entry]))));

/** Per assembly folder: each planned entry's built folder, until a function takes it. */
const builds = new Map<string, Map<string, string>>();

/** The folder a planned entry was built in (all of them built the first time), or undefined once taken. */
function takeBuilt(assetOutdir: string, entry: string): string | undefined {
  const built = builds.get(assetOutdir) ?? buildTogether(assetOutdir);
  const folder = built.get(entry);
  built.delete(entry);
  return folder;
}

/**
 * Builds the app's single-file bundles into folders of the assembly (`<assetOutdir>/bundle-<pid>-<n>`): one level
 * down, as the folder CDK bundles a function in, so the source maps' relative paths are the same. What no function
 * took (a deploy bundling some stacks only) is removed when the process ends.
 */
function buildTogether(assetOutdir: string): Map<string, string> {
  const entries = [...plannedEntries()];
  const name = (i: number) => `bundle-${process.pid}-${i}`;
  buildSync({
    ...esbuildOptionsOf(),
    entryPoints: Object.fromEntries(entries.map((entry, i) => [`${name(i)}/index`, entry])),
    outdir: assetOutdir,
    outExtension: { '.js': EXTENSION },
  });
  const built = new Map(entries.map((entry, i) => [entry, join(assetOutdir, name(i))]));
  builds.set(assetOutdir, built);
  process.once('exit', () => {
    for (const folder of built.values()) rmSync(folder, { recursive: true, force: true });
  });
  return built;
}

function moveInto(folder: string, outputDir: string): void {
  for (const name of readdirSync(folder)) renameSync(join(folder, name), join(outputDir, name));
  rmSync(folder, { recursive: true, force: true });
}
