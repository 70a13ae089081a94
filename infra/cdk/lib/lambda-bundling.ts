import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * How every Lambda is bundled. The bundle-size test and `npm run bench` (cold starts) bundle with this
 * same constant, so what they measure is what CDK deploys.
 */
export const LAMBDA_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // The AWS SDK is bundled (pinned by the lockfile) rather than taken from the runtime.
  externalModules: [],
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  forceDockerBundling: false,
};
