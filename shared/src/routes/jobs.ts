/**
 * The back end's long jobs, each run a step at a time from its own queue (SQS): an import's reading and commit,
 * an accounting export, the report figures' rebuild. A route that starts or nudges one names it in its grants
 * (`RouteGrants.jobs`), which gives its Lambda that queue's URL and the right to send to it, and nothing more.
 */
export const JOB_KINDS = ['imports', 'accounting-exports', 'report-rebuild'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
