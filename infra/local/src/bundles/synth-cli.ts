import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromRoot } from '../paths';
import { SYNTH_CACHE, synthesizeApp } from './synth';

/**
 * `tsx infra/local/src/bundles/synth-cli.ts`: synthesizes the app into the cache (synth.ts) and prints its
 * folder. With `--background` it starts that in a process of its own and returns at once: `npm test` does so
 * first, so the synth runs while lint and type checks leave a core idle, and the tests that read it wait
 * for it (it holds the cache's lock) instead of starting their own.
 */
if (process.argv.includes('--background')) {
  mkdirSync(SYNTH_CACHE, { recursive: true });
  const out = openSync(join(SYNTH_CACHE, 'background.log'), 'w');
  const child = spawn(fromRoot('node_modules', '.bin', 'tsx'), [fileURLToPath(import.meta.url)], {
    cwd: fromRoot(),
    stdio: ['ignore', out, out],
  });
  child.unref();
  console.log(`cdk synth for the bundle tests started in the background (log: ${join(SYNTH_CACHE, 'background.log')})`);
} else {
  console.log(await synthesizeApp({ log: (line) => console.log(line) }));
}
