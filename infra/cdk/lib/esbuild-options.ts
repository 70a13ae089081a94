import type { BuildOptions } from 'esbuild';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LAMBDA_BUNDLING } from './lambda-bundling';
import { REPO_ROOT } from './paths';

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
