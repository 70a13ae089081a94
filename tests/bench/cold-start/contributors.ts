/** What a bundle carries, by package, from esbuild's metafile (bytes each input adds to the output). */
import type { LambdaBundle } from '../../../infra/test/lambda-bundles';

/** `node_modules/@smithy/x/dist-es/a.js` → `@smithy/x`; our workspaces by their package name. */
export function packageOf(input: string): string {
  const inModules = input.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scopeOrName, name] = input.slice(inModules + 'node_modules/'.length).split('/');
    return scopeOrName!.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName!;
  }
  const workspace = /^(shared|functions|events|infra)\//.exec(input);
  if (workspace) return `@bo/${workspace[1]}`;
  return input.startsWith('tests/') ? '@bo/tests' : input;
}

export const isSdk = (pkg: string): boolean =>
  pkg.startsWith('@aws-sdk/') ||
  pkg.startsWith('@smithy/') ||
  pkg.startsWith('@aws-crypto/') ||
  pkg === '@aws/lambda-invoke-store';

/** Bytes in the output per package, largest first. */
export function byPackage(bundle: LambdaBundle): Array<{ package: string; bytes: number }> {
  const sums = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(bundle.inputs))
    sums.set(packageOf(input), (sums.get(packageOf(input)) ?? 0) + bytesInOutput);
  return [...sums].map(([pkg, bytes]) => ({ package: pkg, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** Packages worth naming when a function carries them without needing them. */
export const HEAVY_PACKAGES = {
  s3: '@aws-sdk/client-s3',
  cognito: '@aws-sdk/client-cognito-identity-provider',
  pdfmake: 'pdfmake',
  exceljs: 'exceljs',
  idempotency: '@aws-lambda-powertools/idempotency',
  electrodb: 'electrodb',
  zod: 'zod',
} as const;
export type HeavyPackage = keyof typeof HEAVY_PACKAGES;

export function carried(bundle: LambdaBundle): HeavyPackage[] {
  const packages = new Set(Object.keys(bundle.inputs).map(packageOf));
  return (Object.keys(HEAVY_PACKAGES) as HeavyPackage[]).filter((key) => packages.has(HEAVY_PACKAGES[key]));
}
