/**
 * The partition of the back end's long jobs' states (imports, accounting exports, the report rebuild): each job is
 * one item there. Its steps run from the job's queue (functions/src/data/queues/jobs.ts, events/src/queued), never
 * from the table's stream. Jobs are few and short-lived; the partition holds their states, never their rows.
 */
export const JOB_QUEUE = 'jobs';
