/// <reference types="vite/client" />
import { afterEach, describe } from 'vitest';
import { takeConsoleProblems } from '../support/console-watch';

/**
 * Every browser flow (`*.e2e.ts`), as one test file. Vitest gives a project whose files may not run in parallel
 * a group of its own that starts only after every other project's files have finished (its `groupSpecs`), which
 * left one of CI's two cores idle for the ten minutes the flows take. As one file, the flows still run one after
 * another in one worker, beside the rest of the suite in the other. Each flow is its own suite, so its
 * top-level hooks (one Chromium per flow) stay its own. `E2E_ONLY=roles,orders` runs only the flows named.
 */
const flows = import.meta.glob('./*.e2e.ts');
const only = process.env.E2E_ONLY?.split(',').map((name) => name.trim());
const nameOf = (path: string) => path.replace(/^\.\//, '').replace(/\.e2e\.ts$/, '');

// Any console error or warning, or uncaught exception, from the app fails the test that caused it.
afterEach(() => {
  const problems = takeConsoleProblems();
  if (problems.length > 0) throw new Error(`The app complained on the console:\n${problems.join('\n')}`);
});

for (const [path, load] of Object.entries(flows).sort(([a], [b]) => a.localeCompare(b)))
  if (!only || only.includes(nameOf(path)))
    describe(nameOf(path), async () => {
      await load();
    });
