import { JOBS } from '@bo/events/jobs';
import { QUEUED_JOBS } from '@bo/events/queued';
import { JOB_KINDS, routeList } from '@bo/shared';
import { DISPATCHER_ENTRY, handlerEntry, jobEntry, queuedJobEntry } from './paths';

export interface LambdaEntry {
  /** The route id (`users.getAll`), `jobs/<name>`, `stream/dispatcher`, `queued/<kind>`, or (in tests) `floor`. */
  readonly id: string;
  /** A route's, the scheduled job's, the stream dispatcher's, a queued job's, or the cold-start floor's. */
  readonly kind: 'route' | 'job' | 'dispatcher' | 'queued' | 'floor';
  /** The TypeScript module exporting `handler`. */
  readonly entry: string;
  /**
   * Packages installed beside the bundle (a row's or a queued job's `nodeModules`): left out of the bundle
   * (`--external`) and loaded only when used.
   */
  readonly nodeModules?: readonly string[];
  /** Bundled with code splitting (the dispatcher: split-code.ts). */
  readonly splitting?: boolean;
}

export const DISPATCHER_ID = 'stream/dispatcher';

/**
 * Every function the app deploys: one per route row and scheduled job, the stream dispatcher, one per queued job.
 * Stream consumers are no functions: the dispatcher bundles them. The stacks make their functions from the same
 * lists (the route table, JOBS, JOB_KINDS); bundled-code.ts bundles these together.
 */
export function appLambdaEntries(): LambdaEntry[] {
  return [
    ...routeList().map((row) => ({
      id: row.id,
      kind: 'route' as const,
      entry: handlerEntry(row.handler),
      ...(row.nodeModules ? { nodeModules: row.nodeModules } : {}),
    })),
    ...Object.keys(JOBS).map((name) => ({ id: `jobs/${name}`, kind: 'job' as const, entry: jobEntry(name) })),
    { id: DISPATCHER_ID, kind: 'dispatcher', entry: DISPATCHER_ENTRY, splitting: true },
    ...JOB_KINDS.map((kind) => {
      const job = QUEUED_JOBS[kind];
      return {
        id: `queued/${kind}`,
        kind: 'queued' as const,
        entry: queuedJobEntry(kind),
        ...('nodeModules' in job ? { nodeModules: job.nodeModules } : {}),
      };
    }),
  ];
}
