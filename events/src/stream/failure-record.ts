import { randomUUID } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';

/** A record is carried whole in its failure record up to this size (SQS takes 256 KB a message). */
const CARRIED_BYTES = 200_000;

/**
 * What the dispatcher puts in a consumer's failure queue when that consumer failed on a record too often: the
 * shape Lambda writes to a stream's on-failure destination (where the record is on the stream), plus which
 * consumer failed, why, and the record itself when it is small (so it replays after the stream has dropped it).
 * The shard is left for the replay to find by sequence number: a Lambda event does not name it.
 */
export function consumerFailureRecord(input: {
  consumer: string;
  functionArn: string;
  record: DynamoDBRecord;
  attempts: number;
  error: string;
}) {
  const sequence = input.record.dynamodb?.SequenceNumber ?? '';
  const whole = JSON.stringify(input.record);
  return {
    version: '1.0',
    timestamp: new Date().toISOString(),
    requestContext: {
      requestId: randomUUID(),
      functionArn: input.functionArn,
      condition: 'RetryAttemptsExhausted',
      approximateInvokeCount: input.attempts,
    },
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    DDBStreamBatchInfo: {
      shardId: '',
      startSequenceNumber: sequence,
      endSequenceNumber: sequence,
      batchSize: 1,
      streamArn: input.record.eventSourceARN ?? '',
    },
    consumer: input.consumer,
    error: input.error.slice(0, 1000),
    ...(whole.length <= CARRIED_BYTES ? { record: input.record } : {}),
  };
}
