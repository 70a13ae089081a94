import { DescribeTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * The test table's stream on DynamoDB Local: enabled on the existing table (as the local stack does for a
 * kept one), then read from the start, each call returning only the records since the previous one.
 */
export async function followStream(tableName: string) {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
  await new DynamoDBClient({ endpoint }).send(
    new UpdateTableCommand({
      TableName: tableName,
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  const { Table } = await new DynamoDBClient({ endpoint }).send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = Table!.LatestStreamArn!;
  const streams = new DynamoDBStreamsClient({ endpoint });
  const iterators = new Map<string, string | undefined>();

  /** Every record written since the last call (all shards, in order). */
  async function next(): Promise<DynamoDBRecord[]> {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    const out: DynamoDBRecord[] = [];
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      let iterator =
        iterators.get(id) ??
        (
          await streams.send(
            new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: 'TRIM_HORIZON' }),
          )
        ).ShardIterator;
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
        out.push(...(page.Records ?? []).map((r) => toLambdaRecord(r, streamArn)));
        iterator = page.NextShardIterator;
        iterators.set(id, iterator);
        if (!page.Records?.length) break;
      }
    }
    return out;
  }
  return { streamArn, next, event: (Records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records }) };
}

/** A Streams API record as Lambda delivers it (creation time in epoch seconds, the stream's ARN). */
const toLambdaRecord = (record: _Record, streamArn: string): DynamoDBRecord =>
  ({
    ...record,
    eventSourceARN: streamArn,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: Math.floor((record.dynamodb?.ApproximateCreationDateTime?.getTime() ?? 0) / 1000),
    },
  }) as DynamoDBRecord;
