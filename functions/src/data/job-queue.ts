import { partitionKey } from './core/keys';

/**
 * The partition of the back end's long jobs (imports, accounting exports): each job is one item there, and each
 * write of a job's state wakes its next step through the table's stream (the `jobs` consumer takes every INSERT and
 * MODIFY of this partition and hands each job to its runner by entity). Jobs are few and short-lived; the partition
 * holds their states, never their rows.
 */
export const JOB_QUEUE = 'jobs';

export const JOB_SOURCE = {
  pk: partitionKey(['queue'], [JOB_QUEUE]),
  eventNames: ['INSERT', 'MODIFY'],
} as const;
