import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (this file is infra/cdk/lib/paths.ts). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** One lockfile for every bundle: the workspace root's. */
export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json');

/**
 * Template metadata key on every function of the app: the repo-relative TypeScript entry it is bundled from.
 * The local stack's `--bundles` mode tells the jobs and consumers apart by it and checks each route's wiring.
 */
export const ENTRY_METADATA = 'backoffice:entry';

/** `functions/src/handlers/<handler>.ts` for a route-table row's `handler`. */
export const handlerEntry = (handler: string): string =>
  join(REPO_ROOT, 'functions', 'src', 'handlers', `${handler}.ts`);

/** Scheduled jobs live in events/src/jobs/<name>.ts. */
export const jobEntry = (name: string): string => join(REPO_ROOT, 'events', 'src', 'jobs', `${name}.ts`);

/** Stream consumers live in events/src/consumers/<name>.ts (run by the dispatcher, not functions of their own). */
export const consumerEntry = (name: string): string => join(REPO_ROOT, 'events', 'src', 'consumers', `${name}.ts`);

/** The one reader of the table's stream. */
export const DISPATCHER_ENTRY = join(REPO_ROOT, 'events', 'src', 'stream', 'dispatcher.ts');

/** Queued jobs live in events/src/queued/<kind>.ts. */
export const queuedJobEntry = (kind: string): string => join(REPO_ROOT, 'events', 'src', 'queued', `${kind}.ts`);

/** The built SPA (`npm run build:web`). */
export const DEFAULT_WEB_DIST = join(REPO_ROOT, 'web', 'dist');

export const hasWebBuild = (dir: string): boolean => existsSync(join(dir, 'index.html'));
