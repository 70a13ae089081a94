import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config';
import { mapLimit } from '../map-limit';
import { dynamoClient } from './client';
import { type AnyEntity, type RecordOfEntity, sleep } from './operations';

/**
 * Seeding and benchmark tools only (not exported by the core's barrel, so no request path reaches it):
 * writes many whole records with BatchWriteItem, 25 a request, `concurrency` requests at a time, retrying
 * unprocessed items with backoff. No conditions: a record overwrites an item with the same key.
 */
export async function batchPut<E extends AnyEntity>(
  entity: E,
  records: readonly RecordOfEntity<E>[],
  options: { concurrency?: number } = {},
): Promise<void> {
  const chunks: RecordOfEntity<E>[][] = [];
  for (let i = 0; i < records.length; i += 25) chunks.push(records.slice(i, i + 25));
  await mapLimit(chunks, options.concurrency ?? 4, async (chunk) => {
    let request: Record<string, Array<{ PutRequest?: { Item: Record<string, unknown> } }>> | undefined = {
      [config.tableName]: chunk.map((record) => ({ PutRequest: { Item: entity.toItem(record) } })),
    };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
      if (attempt > 8) throw new Error(`${entity.name}: some items stayed unprocessed`);
      const out = await dynamoClient().send(new BatchWriteCommand({ RequestItems: request }));
      request = out.UnprocessedItems as typeof request;
      if (request && Object.keys(request).length > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
    }
  });
}
