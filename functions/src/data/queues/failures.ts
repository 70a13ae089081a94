import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from './client';

/**
 * The environment variable holding a failure queue's URL (`FAILURE_QUEUE_URL_SALES_FIGURES`): set on the stream
 * dispatcher for each consumer's queue, so a record a consumer keeps failing on is put where its replay reads it.
 */
export const failureQueueUrlVariable = (source: string): string =>
  `FAILURE_QUEUE_URL_${source.toUpperCase().replace(/-/g, '_')}`;

/** Puts a failure record (the shape Lambda writes to an on-failure destination) in a source's failure queue. */
export async function sendFailureRecord(source: string, record: unknown): Promise<void> {
  const QueueUrl = process.env[failureQueueUrlVariable(source)];
  if (!QueueUrl) throw new Error(`No failure queue for ${source}: ${failureQueueUrlVariable(source)} is not set`);
  await sqsClient().send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify(record) }));
}
