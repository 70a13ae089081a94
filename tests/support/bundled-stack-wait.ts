import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StackInfo } from '../../infra/local/src/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the `api-bundles` stack starts in (bundled-stack-setup.ts); its stack.json once it is up. */
    bundledStackDir: string;
  }
}

/** Written to the bundled stack's folder when its start failed: why. */
export const START_FAILED = 'start-failed.txt';
/** The synth and the start on a busy machine: a few minutes; this is a hung start. */
const START_TIMEOUT_MS = 15 * 60_000;
const POLL_MS = 500;

/** Resolves with the bundled stack's info once it is up; rejects with its start's error. */
export async function bundledStack(dir: string): Promise<StackInfo> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const failed = join(dir, START_FAILED);
    if (existsSync(failed)) throw new Error(`The bundled stack did not start:\n${readFileSync(failed, 'utf8')}`);
    const file = join(dir, 'stack.json');
    if (existsSync(file))
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as StackInfo;
      } catch {
        // Being written: read it on the next look.
      }
    if (Date.now() > deadline) throw new Error(`The bundled stack in ${dir} was not up within 15 minutes`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

declare global {
  var bundledStackInfo: StackInfo | undefined;
}
