/// <reference types="vite/client" />
import { afterEach, describe, it } from 'vitest';
import { takeConsoleProblems } from '../support/console-watch';

/**
 * The browser flows (`*.e2e.ts`) run as two test files, `browser-office.test.ts` and `browser-field.test.ts`, each
 * running its flows one after another in one worker (each flow its own suite, so its top-level hooks, one Chromium
 * per flow, stay its own). As one file the flows took 24 minutes and were the run's critical path; as two they end
 * before the rest of the suite (docs/testing.md). Not one file per flow: the driver's flows must not overlap
 * (below), and what else the flows share on the stack has not been proven safe in any order side by side.
 *
 * The field shard holds every flow that works the demo driver's day (the roles walk marks one of its deliveries
 * delivered; the driver flows deliver, queue and reorder its stops), so those never run at the same time; the
 * office shard holds the rest. A new flow goes to the office shard unless it is listed in FIELD.
 * `E2E_ONLY=roles,orders` runs only the flows named.
 */
export const FIELD = ['roles', 'driver', 'driver-offline', 'dashboard', 'delivery-office', 'csp'];

const flows = import.meta.glob('./*.e2e.ts');
const only = process.env.E2E_ONLY?.split(',').map((name) => name.trim());
const nameOf = (path: string) => path.replace(/^\.\//, '').replace(/\.e2e\.ts$/, '');

// Any console error or warning, or uncaught exception, from the app fails the test that caused it.
afterEach(() => {
  const problems = takeConsoleProblems();
  if (problems.length > 0) throw new Error(`The app complained on the console:\n${problems.join('\n')}`);
});

/** Declares the flows of one shard, in name order. */
export function runFlows(shard: 'office' | 'field') {
  const names = Object.keys(flows)
    .sort()
    .filter((path) => (shard === 'field') === FIELD.includes(nameOf(path)))
    .filter((path) => !only || only.includes(nameOf(path)));
  for (const path of names)
    describe(nameOf(path), async () => {
      await flows[path]!();
    });
  // E2E_ONLY naming flows of the other shard only: this file still declares a test, so Vitest does not fail it.
  if (!names.length) it.skip(`no ${shard} flow among E2E_ONLY`, () => undefined);
}
