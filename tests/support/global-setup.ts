import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, type StackInfo } from '../../infra/local/src/stack';
import { TEST_CALLER_STATE_TTL } from './caller-state-ttl';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo | null;
  }
}

const NEEDS_STACK = new Set(['functions', 'events', 'api', 'e2e']);

/**
 * Starts one local stack (real emulators, the gateway, the built web app) in a temporary folder
 * on free ports, for the projects that need it. Unit-only runs skip it.
 */
export default async function setup(project: TestProject) {
  const selected = project.vitest.projects.map((p) => p.name);
  if (!selected.some((name) => NEEDS_STACK.has(name))) {
    project.provide('stack', null);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bo-test-stack-'));
  const web = selected.includes('e2e') ? 'static' : 'none';
  const stack = await startStack({
    dir,
    port: 0,
    memory: true,
    quickJit: true,
    web,
    emulatorPorts: { dynamodb: 0, s3: 0, cognito: 0 },
    callerStateTtl: TEST_CALLER_STATE_TTL,
  });
  project.provide('stack', stack.info);
  return async () => {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
