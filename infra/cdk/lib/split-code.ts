import { relative } from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { type BuildOptions, buildSync } from 'esbuild';
import { esbuildOptionsOf } from './esbuild-options';
import { REPO_ROOT } from './paths';

/** Where a split bundle's chunks go beside its `index.mjs`. */
export const CHUNKS_DIR = 'chunks';

/**
 * The esbuild options of a split bundle: the same as every Lambda's (LAMBDA_BUNDLING) plus code splitting, so each
 * module reached only through `import()` becomes a chunk of its own, read from disk the first time it is imported.
 * NodejsFunction writes one file (`--outfile`), in which a lazily imported module is still parsed at start (esbuild
 * wraps it) and loses its tree shaking (the whole `@bo/shared` barrel came with the consumers).
 */
export const splitBuildOptions = (entry: string, outdir: string): BuildOptions => ({
  ...esbuildOptionsOf(),
  entryPoints: { index: entry },
  outdir,
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: `${CHUNKS_DIR}/[name]-[hash]`,
});

/**
 * Code built by esbuild in this process when the app is synthesized (as NodejsFunction does without Docker), hashed
 * by its output. `kind` and the entry go into the asset's cache key, which holds no function: without them two
 * functions bundled this way would share one bundle.
 */
export const locallyBundled = (kind: string, entry: string, bundle: (outputDir: string) => void): Code =>
  Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never used: local bundling always succeeds or throws (Docker does not run here, nor is it needed).
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
      command: [kind, relative(REPO_ROOT, entry)],
      local: {
        tryBundle(outputDir) {
          bundle(outputDir);
          return true;
        },
      },
    },
  });

/** A function's code as a split bundle. */
export const splitCode = (entry: string): Code =>
  locallyBundled('bundle-split', entry, (outputDir) => buildSync(splitBuildOptions(entry, outputDir)));
