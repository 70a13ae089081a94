import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config';
import { mapLimit } from '../map-limit';
import { dynamoClient } from './client';
import type { RawItem } from './entity';
import type { AnyEntity, RecordOfEntity } from './operations';
import { MAX_ATTEMPTS, backoff, busyError, sleep } from './retry';

/**
 * Seeding, benchmark and migration tools only (not exported by the core's barrel, so no request path
 * reaches it): writes many whole records with BatchWriteItem, 25 a request, `concurrency` requests at a
 * time, retrying unprocessed items with backoff. No conditions: a record overwrites an item with the same key.
 */
export async function batchPut<E extends AnyEntity>(
  entity: E,
  records: readonly RecordOfEntity<E>[],
  options: { concurrency?: number } = {},
): Promise<void> {
  await batchPutRaw(
    records.map((record) => entity.toItem(record)),
    options,
  );
}

/** Items as given (keys included), the same way. */
export async function batchPutRaw(items: readonly RawItem[], options: { concurrency?: number } = {}): Promise<void> {
  const chunks: RawItem[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  await mapLimit(chunks, options.concurrency ?? 4, async (chunk) => {
    let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt === MAX_ATTEMPTS) throw busyError('some items stayed unwritten');
      if (attempt > 0) await sleep(backoff(attempt - 1));
      const out = await dynamoClient().send(new BatchWriteCommand({ RequestItems: { [config.tableName]: requests } }));
      requests = (out.UnprocessedItems?.[config.tableName] ?? []) as typeof requests;
    }
  });
}
