import { ChangeMessageVisibilityCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { JobKind } from '@bo/shared';
import { sqsClient } from './client';

/**
 * The environment variable holding a job queue's URL (`JOB_QUEUE_URL_REPORT_REBUILD`): the CDK sets it on every
 * function whose grants name the job (and on the job's own function), the local stack on the in-process handlers.
 */
export const jobQueueUrlVariable = (kind: JobKind): string => `JOB_QUEUE_URL_${kind.toUpperCase().replace(/-/g, '_')}`;

/** What a job step's message holds: the job's id (an import, an export; `reports` for the rebuild). */
export interface JobStep {
  readonly id: string;
}

export class JobQueueMissing extends Error {
  constructor(kind: JobKind) {
    super(
      `No queue for the ${kind} job: ${jobQueueUrlVariable(kind)} is not set (its route must name it in grants.jobs)`,
    );
  }
}

/**
 * Sends one step of a job to its queue; the job's function takes it from there. Called after the state write the
 * step acts on, so the step always finds it. A step sent twice is harmless: every job moves its state on with
 * conditional writes and a step that finds nothing to do returns.
 */
export async function enqueueJob(kind: JobKind, id: string, options: { delaySeconds?: number } = {}): Promise<void> {
  const QueueUrl = process.env[jobQueueUrlVariable(kind)];
  if (!QueueUrl) throw new JobQueueMissing(kind);
  const step: JobStep = { id };
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl,
      MessageBody: JSON.stringify(step),
      ...(options.delaySeconds ? { DelaySeconds: options.delaySeconds } : {}),
    }),
  );
}

/**
 * A step that failed is tried again after `seconds` rather than after the queue's whole visibility timeout (which
 * is above the function's timeout, for the step that crashed): the message's visibility is shortened, then the step
 * is reported failed.
 */
export async function retryJobStepIn(kind: JobKind, receiptHandle: string, seconds: number): Promise<void> {
  const QueueUrl = process.env[jobQueueUrlVariable(kind)];
  if (!QueueUrl) throw new JobQueueMissing(kind);
  await sqsClient().send(
    new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }),
  );
}
