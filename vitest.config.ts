import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './tests/support/long-first-sequencer';

/**
 * The web tests run with `isolate: false` (one module graph per worker: a quarter less CPU), except those that
 * replace a module with `vi.mock`: in a shared graph, a module an earlier file loaded stays the real one, so the
 * mock would apply or not depending on what ran before. They run isolated, in a project of their own, found here
 * by their text so a new one needs no line in this file.
 */
const WEB_TEST_DIR = join(import.meta.dirname, 'web/test');
const WEB_MOCKING_TESTS = readdirSync(WEB_TEST_DIR)
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(WEB_TEST_DIR, file), 'utf8')))
  .map((file) => `test/${file}`);
const webProject = {
  extends: './web/vite.config.ts',
  test: { root: './web', environment: 'jsdom', setupFiles: ['test/setup.ts'] },
} as const;

/**
 * A project whose files share one module graph per worker (`isolate: false`: about 30 % less CPU, the modules
 * imported once per worker instead of once per file; the infra files share the app's synthesis), and beside it, if
 * it has any, `<name>-isolated` for its `*.isolated.test.ts` files: those that need modules loaded afresh (state
 * kept at module load, such as a first invocation's cold start).
 */
function sharedGraph(test: { name: string; root: string } & Record<string, unknown>) {
  const isolated = 'test/**/*.isolated.test.ts';
  const hasIsolated = readdirSync(join(import.meta.dirname, test.root, 'test'), { recursive: true }).some((file) =>
    String(file).endsWith('.isolated.test.ts'),
  );
  return [
    {
      test: {
        ...test,
        include: ['test/**/*.test.ts'],
        exclude: [isolated],
        isolate: false,
        setupFiles: [join(import.meta.dirname, 'functions/test/support/file-state.ts')],
      },
    },
    ...(hasIsolated ? [{ test: { ...test, name: `${test.name}-isolated`, include: [isolated] } }] : []),
  ];
}

/**
 * One `vitest run` covers every layer. The projects that need the running local stack
 * (functions integration, API over HTTP, browser end-to-end) share one stack started by
 * the global setup in a temporary folder on free ports.
 */
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    // Three workers, the browser flows first (LongFirstSequencer): two run the flows (two files of about nine to ten
    // minutes each), the third the rest of the suite beside them, which the others join when the flows end.
    // Vitest's default on a two-core machine is one worker. The run is bound by CPU (docs/testing.md).
    maxWorkers: 3,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      { test: { name: 'shared', root: './shared', include: ['test/**/*.test.ts'], environment: 'node' } },
      {
        ...webProject,
        test: {
          ...webProject.test,
          name: 'web',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: WEB_MOCKING_TESTS,
          isolate: false,
        },
      },
      { ...webProject, test: { ...webProject.test, name: 'web-mocks', include: WEB_MOCKING_TESTS } },
      ...sharedGraph({ name: 'infra', root: './infra', testTimeout: 180_000, hookTimeout: 180_000 }),
      ...sharedGraph({ name: 'functions', root: './functions', testTimeout: 30_000, hookTimeout: 60_000 }),
      ...sharedGraph({
        name: 'events',
        root: './events',
        env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
        testTimeout: 60_000,
        hookTimeout: 60_000,
      }),
      {
        // One module graph per worker (`isolate: false`): the API tests mock no module, and what their support
        // modules keep (the seeded users' tokens) holds for the whole run. 26 % less CPU (270 against 200 s alone).
        test: {
          name: 'api',
          root: './tests',
          include: ['api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        // Against a second stack that serves the API from the bundles and environments `cdk synth` wrote:
        // tests/bundles (every route of the route table, mistakes that must fail) and the API tests that go
        // through what a deployment can get wrong: the data layer with full bodies (the spec's client), the
        // buckets and the site URL (storage, documents), the stream consumer (stock history).
        test: {
          name: 'api-bundles',
          root: './tests',
          include: [
            'bundles/**/*.test.ts',
            'api/spec-client.test.ts',
            'api/storage.test.ts',
            'api/documents.test.ts',
            'api/stock-history.test.ts',
          ],
          globalSetup: ['support/bundled-stack-setup.ts'],
          setupFiles: ['support/bundled-stack-file.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './tests',
          // Two files that run the flows in turn, one shard each (e2e/run-flows.ts says why).
          include: ['e2e/browser-*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
