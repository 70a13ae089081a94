import { JOB_KINDS, type JobKind } from '@bo/shared';
import { CONSUMER_NAMES, type ConsumerName } from '../consumers';

/**
 * The failure queues, named from the stack prefix so `npm run replay-failures` finds them without looking anything
 * up. Each is SQS-encrypted, TLS-only, and keeps a record 14 days (infra/cdk/lib/stacks/jobs-stack.ts):
 * - one per stream consumer: records that consumer failed on too often, named with the consumer;
 * - `dispatcher`: stream batches the dispatcher itself could not run (Lambda's on-failure destination);
 * - `jobs`: failed runs of the scheduled jobs and schedule events that could not be delivered.
 */
export type FailureSource = ConsumerName | 'dispatcher' | 'jobs';

export const FAILURE_SOURCES: readonly FailureSource[] = [...CONSUMER_NAMES, 'dispatcher', 'jobs'];

export const failureQueueName = (prefix: string, source: FailureSource): string => `${prefix}-failures-${source}`;

export const isConsumer = (source: string): source is ConsumerName =>
  (CONSUMER_NAMES as readonly string[]).includes(source);

/** A long job's queue (a message per step) and its dead-letter queue (steps that failed every try). */
export const jobQueueName = (prefix: string, kind: JobKind): string => `${prefix}-jobs-${kind}`;
export const jobDeadLetterQueueName = (prefix: string, kind: JobKind): string => `${jobQueueName(prefix, kind)}-dlq`;

export const isJobKind = (source: string): source is JobKind => (JOB_KINDS as readonly string[]).includes(source);

/** Every queue a stack has, by name: what the local stack creates in its SQS emulator. */
export const allQueueNames = (prefix: string): string[] => [
  ...FAILURE_SOURCES.map((s) => failureQueueName(prefix, s)),
  ...JOB_KINDS.flatMap((k) => [jobQueueName(prefix, k), jobDeadLetterQueueName(prefix, k)]),
];
