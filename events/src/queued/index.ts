import type { JobKind } from '@bo/shared';

/**
 * The long jobs, each run a step at a time from its own SQS queue (ARCHITECTURE.md, "Events and jobs"): a route
 * writes the job's state and sends its first step (functions/src/data/queues/jobs.ts); a step works until a
 * minute before its function's timeout and sends the next one itself. A step that fails is retried by the queue
 * (visibility shortened to a back-off), and after `maxReceives` tries its message goes to the queue's dead-letter
 * queue, from which `npm run replay-failures` redrives it. The table's writes never wake a job.
 */
export const QUEUED_JOBS = {
  imports: {
    description: 'the import job: dry runs and resumable commits',
    /** Reads every record an import names and writes through the data layer; reads the file, writes its plan. */
    grants: { table: 'readWrite', buckets: ['documents'] },
    timeoutSeconds: 600,
    /** Installed beside the bundle and loaded only to read an .xlsx (as pdfmake is for the invoice route). */
    nodeModules: ['exceljs'],
    load: () => import('./imports'),
  },
  'accounting-exports': {
    description: 'the accounting export job',
    /** Reads the range, writes the records' export states and the export; writes its files. */
    grants: { table: 'readWrite', buckets: ['documents'] },
    timeoutSeconds: 600,
    load: () => import('./accounting-exports'),
  },
  'report-rebuild': {
    description: 'the report rebuild job',
    grants: { table: 'readWrite', buckets: [] },
    timeoutSeconds: 600,
    load: () => import('./report-rebuild'),
  },
} as const satisfies Record<JobKind, unknown>;

/** A message is tried this many times (the first and four retries) before it goes to the dead-letter queue. */
export const MAX_RECEIVES = 5;

/**
 * How long a received step stays invisible: above the function's timeout (a step that crashed or timed out is
 * tried again only once its run is surely over), with a margin for Lambda's own start.
 */
export const visibilitySecondsOf = (kind: JobKind): number => QUEUED_JOBS[kind].timeoutSeconds + 60;
