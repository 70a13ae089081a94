import {
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { CONSUMERS, type ConsumerName, matchesConsumer } from '../consumers';
import type { StreamBatchFailure } from './records';

/** Pages of one shard read for one batch at most: a batch is at most a few hundred records. */
const MAX_PAGES = 50;

/** The batch's records are gone: a stream keeps them 24 hours. */
export class RecordsTrimmed extends Error {}

const seq = (value: string | undefined): bigint => BigInt(value ?? '0');

/** The shard holding a sequence number, from the shards' ranges (a record of the dispatcher's names none). */
async function shardOf(streams: DynamoDBStreamsClient, batch: StreamBatchFailure): Promise<string> {
  if (batch.shardId) return batch.shardId;
  const at = seq(batch.startSequenceNumber);
  let ExclusiveStartShardId: string | undefined;
  do {
    const { StreamDescription } = await streams.send(
      new DescribeStreamCommand({ StreamArn: batch.streamArn, ExclusiveStartShardId }),
    );
    for (const shard of StreamDescription?.Shards ?? []) {
      const range = shard.SequenceNumberRange;
      const from = seq(range?.StartingSequenceNumber);
      const to = range?.EndingSequenceNumber ? seq(range.EndingSequenceNumber) : undefined;
      if (at >= from && (to === undefined || at <= to)) return shard.ShardId!;
    }
    ExclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
  } while (ExclusiveStartShardId);
  throw new RecordsTrimmed(`No shard of the stream holds record ${batch.startSequenceNumber} any more`);
}

/**
 * The records of a failed batch, read again from the table's stream: from its first sequence number to its
 * last, on its shard, kept to the records one of the consumers' filters lets through (as the event source
 * mapping's filters did), in the shape Lambda delivers them.
 */
export async function readBatch(
  streams: DynamoDBStreamsClient,
  batch: StreamBatchFailure,
  consumers: readonly ConsumerName[],
): Promise<DynamoDBRecord[]> {
  const end = seq(batch.endSequenceNumber);
  let iterator: string | undefined;
  try {
    const shardId = await shardOf(streams, batch);
    ({ ShardIterator: iterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: batch.streamArn,
        ShardId: shardId,
        ShardIteratorType: 'AT_SEQUENCE_NUMBER',
        SequenceNumber: batch.startSequenceNumber,
      }),
    ));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TrimmedDataAccessException' || name === 'ResourceNotFoundException')
      throw new RecordsTrimmed(
        `The records of shard ${batch.shardId} from ${batch.startSequenceNumber} are no longer in the stream (${name})`,
      );
    throw error;
  }
  const out: _Record[] = [];
  for (let page = 0; iterator && page < MAX_PAGES; page++) {
    const { Records = [], NextShardIterator } = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
    for (const record of Records) if (seq(record.dynamodb?.SequenceNumber) <= end) out.push(record);
    // Past the batch's last record, or caught up with an open shard: the batch is whole.
    if (Records.length === 0 || seq(Records.at(-1)!.dynamodb?.SequenceNumber) >= end) break;
    iterator = NextShardIterator;
  }
  return out
    .filter((r) =>
      consumers.some((c) => matchesConsumer(CONSUMERS[c].filter, r as Parameters<typeof matchesConsumer>[1])),
    )
    .map(toLambdaRecord);
}

/** A Streams API record as Lambda delivers it (the creation time in epoch seconds). */
export const toLambdaRecord = (record: _Record): DynamoDBRecord =>
  ({
    ...record,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: Math.floor((record.dynamodb?.ApproximateCreationDateTime?.getTime() ?? 0) / 1000),
    },
  }) as DynamoDBRecord;
