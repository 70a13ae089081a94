/**
 * Which files of a split bundle a cold start loads, and which the first event loads, measured with V8's coverage in a
 * fresh Node process (fixtures/import-coverage.mjs); and which sources each file of the bundle holds, from the source
 * maps `cdk synth` wrote beside them. Used to show that the dispatcher's consumers load only when a record is for them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROBE = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures', 'import-coverage.mjs');

export interface Loaded {
  /** Files of the bundle's folder loaded by the import (relative: `index.mjs`, `chunks/…`). */
  readonly afterImport: readonly string[];
  /** … and by the time the handler had handled the event (when one was given). */
  readonly afterEvent?: readonly string[];
  /** The handler's error, if it threw. */
  readonly error?: string;
}

/** Imports `bundle` in a fresh `node` with exactly `env`, then invokes its handler with `event`. */
export function loadedFiles(bundle: string, env: NodeJS.ProcessEnv, event?: unknown): Loaded {
  const dir = mkdtempSync(join(tmpdir(), 'bo-import-coverage-'));
  try {
    const out = join(dir, 'loaded.json');
    const args = [PROBE, bundle, out];
    if (event !== undefined) {
      writeFileSync(join(dir, 'event.json'), JSON.stringify(event));
      args.push(join(dir, 'event.json'));
    }
    // The bundle logs and writes EMF metrics on stdout: not ours to read.
    execFileSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
    return JSON.parse(readFileSync(out, 'utf8')) as Loaded;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every `.mjs` file of a bundle's folder (relative to it) with the sources its source map names (repo-relative). */
export function sourcesByFile(codeDir: string, repoRoot: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.mjs') && existsSync(`${path}.map`)) {
        const { sources } = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { sources: string[] };
        out.set(
          relative(codeDir, path),
          sources.map((s) => relative(repoRoot, join(dir, s))),
        );
      }
    }
  };
  walk(codeDir);
  return out;
}
