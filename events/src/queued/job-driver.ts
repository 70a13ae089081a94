import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { JobKind } from '@bo/shared';
import { enqueueJob, type JobStep, retryJobStepIn } from '@bo/functions/data/queues';
import { logger } from '@bo/functions/logger';
import { JOB_DIMENSION, JOB_STEP_METRICS, recordDimensioned, withInvocationMetrics } from '@bo/functions/metrics';

/** Work stops this long before the Lambda's own timeout (one chunk's writes take far less). */
const MARGIN_MS = 60_000;
/** Without a Lambda context (a test calling the handler): one run's budget. */
const LOCAL_BUDGET_MS = 120_000;

/** The wait before a failed step's next try: 10 s, 20 s, 40 s, … (at most 5 minutes). */
export const retryDelaySeconds = (receiveCount: number): number =>
  Math.min(300, 10 * 2 ** Math.max(0, receiveCount - 1));

/** What a step leaves: the job is done (or another run is ahead of it), or there is more for a next step. */
export type StepOutcome = 'done' | 'continue';

const stepOf = (body: string): JobStep | undefined => {
  try {
    const step = JSON.parse(body) as Partial<JobStep>;
    return typeof step.id === 'string' && step.id ? { id: step.id } : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A job's SQS handler: each message is one step of one job, run until the deadline; a step that leaves more to do
 * sends the next one. A step that throws is reported failed (ReportBatchItemFailures) after its message's
 * visibility is shortened to a back-off, so the queue tries it again soon, and after its tries the message goes to
 * the dead-letter queue. The job resumes from the state its last step wrote. A message that is no step at all is
 * logged and dropped: trying it again would never help.
 */
export const jobHandler = (kind: JobKind, run: (id: string, deadline: number) => Promise<StepOutcome>) =>
  withInvocationMetrics(async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    const deadline =
      context?.getRemainingTimeInMillis !== undefined
        ? Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS
        : Date.now() + LOCAL_BUDGET_MS;
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    let failures = 0;
    for (const message of event.Records) {
      const step = stepOf(message.body);
      if (!step) {
        logger.error('Dropped a message that is no job step', { job: kind, messageId: message.messageId });
        continue;
      }
      try {
        if ((await run(step.id, deadline)) === 'continue') await enqueueJob(kind, step.id);
      } catch (error) {
        failures++;
        const receives = Number(message.attributes?.ApproximateReceiveCount ?? 1);
        logger.error('Job step failed; the queue tries it again', { job: kind, id: step.id, receives, error });
        await retryJobStepIn(kind, message.receiptHandle, retryDelaySeconds(receives)).catch((e: unknown) =>
          logger.warn('Could not shorten the failed step’s visibility', { job: kind, error: e }),
        );
        batchItemFailures.push({ itemIdentifier: message.messageId });
      }
    }
    recordDimensioned(JOB_DIMENSION, kind, [
      [JOB_STEP_METRICS.steps, 'Count', event.Records.length],
      [JOB_STEP_METRICS.failures, 'Count', failures],
    ]);
    return { batchItemFailures };
  });
