import { CONSUMERS, type ConsumerName } from '../consumers';

/**
 * The failure queues, one per stream consumer and one for the scheduled jobs, named from the stack prefix so
 * `npm run replay-failures` finds them without looking anything up. Each is SQS-encrypted, TLS-only, and keeps
 * a record 14 days (infra/cdk/lib/stacks/jobs-stack.ts).
 */
export type FailureSource = ConsumerName | 'jobs';

export const FAILURE_SOURCES: readonly FailureSource[] = [...(Object.keys(CONSUMERS) as ConsumerName[]), 'jobs'];

export const failureQueueName = (prefix: string, source: FailureSource): string => `${prefix}-failures-${source}`;

export const isConsumer = (source: FailureSource): source is ConsumerName => source in CONSUMERS;
