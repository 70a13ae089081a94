/**
 * `npm run checks`: everything `npm test` proves before vitest starts (lint, formatting, each workspace's types,
 * the web build the browser tests load), run side by side on every core rather than one after another: ESLint,
 * Prettier and the web build are single-threaded, so on a two-core machine the sequence took twice as long as it
 * needs. Each command's output is printed whole when it ends; the run fails if any command fails, after all have
 * finished.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = join(import.meta.dirname, '../..');
const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };

interface Check {
  name: string;
  command: string[];
}

/**
 * Types are checked by TypeScript 7, the native compiler (installed as `typescript-native`): the same checker, a
 * quarter of the CPU of TypeScript 5 and threads of its own. TypeScript 5 stays the library editors and
 * typescript-eslint load. Its path is resolved, not `npx tsc`: both packages declare the `tsc` bin.
 */
const NATIVE_PACKAGE = createRequire(import.meta.url).resolve('typescript-native/package.json');
const NATIVE_TSC = join(
  dirname(NATIVE_PACKAGE),
  (JSON.parse(readFileSync(NATIVE_PACKAGE, 'utf8')) as { bin: { tsc: string } }).bin.tsc,
);

// The longest first, so the last to start is a short one.
const CHECKS: Check[] = [
  { name: 'lint', command: ['npx', 'eslint', '.', '--max-warnings', '0'] },
  { name: 'formatting', command: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
  ...['tests', 'web', 'infra', 'functions', 'events', 'shared']
    .filter((w) => workspaces.includes(w))
    .map((w) => ({ name: `types of ${w}`, command: [process.execPath, NATIVE_TSC, '-p', `${w}/tsconfig.json`] })),
  { name: 'web build', command: ['npm', 'run', 'build', '-w', 'web', '--silent'] },
];
const missing = workspaces.filter((w) => !CHECKS.some((c) => c.name === `types of ${w}`));
if (missing.length > 0) throw new Error(`static-checks.ts lists no type check for ${missing.join(', ')}`);

function run(check: Check): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(check.command[0]!, check.command.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trim();
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${check.name} (${seconds} s)${text ? `\n${text}\n` : ''}`);
      resolve(code === 0);
    });
  });
}

const queue = [...CHECKS];
const results: boolean[] = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
  }),
);
if (results.some((ok) => !ok)) process.exit(1);
