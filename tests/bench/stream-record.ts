import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StackInfo } from '../../infra/local/src/stack-info';

/**
 * The stack table's stream, read by the bench beside the stack's poller (a stream shard takes two readers): what
 * was written between two moments, as the records Lambda would hand the dispatcher (creation time in epoch
 * seconds). The benchmark replays them through the dispatcher in process.
 */
export async function tableStream(info: StackInfo) {
  const client = {
    endpoint: info.dynamodb.endpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const db = new DynamoDBClient(client);
  const { Table } = await db.send(new DescribeTableCommand({ TableName: info.dynamodb.tableName }));
  db.destroy();
  const streamArn = Table!.LatestStreamArn!;
  const streams = new DynamoDBStreamsClient(client);

  const shards = async (): Promise<Shard[]> => {
    const out: Shard[] = [];
    let ExclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId }),
      );
      out.push(...(StreamDescription?.Shards ?? []));
      ExclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (ExclusiveStartShardId);
    return out;
  };

  /** Where each open shard ends now (closed ones: null): `since` reads what is written after this. */
  async function now(): Promise<Map<string, string | null>> {
    const at = new Map<string, string | null>();
    for (const shard of await shards()) {
      if (shard.SequenceNumberRange?.EndingSequenceNumber) {
        at.set(shard.ShardId!, null);
        continue;
      }
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId!, ShardIteratorType: 'LATEST' }),
      );
      at.set(shard.ShardId!, ShardIterator!);
    }
    return at;
  }

  /** Every record written since `at` (shards opened since are read from their start), in shard order. */
  async function since(at: Map<string, string | null>): Promise<DynamoDBRecord[]> {
    const out: DynamoDBRecord[] = [];
    for (const shard of await shards()) {
      const id = shard.ShardId!;
      if (at.get(id) === null) continue;
      let iterator =
        at.get(id) ??
        (
          await streams.send(
            new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: 'TRIM_HORIZON' }),
          )
        ).ShardIterator;
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        out.push(...(page.Records ?? []).map(toLambdaRecord));
        iterator = page.NextShardIterator;
        if (!page.Records?.length) break;
      }
    }
    return out;
  }

  return { streamArn, now, since, close: () => streams.destroy() };
}

const toLambdaRecord = (record: _Record): DynamoDBRecord =>
  ({
    ...record,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: Math.floor((record.dynamodb?.ApproximateCreationDateTime?.getTime() ?? 0) / 1000),
    },
  }) as DynamoDBRecord;
