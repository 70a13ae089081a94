import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config';
import { dynamoClient } from './client';
import type { RawItem } from './entity';
import { type Condition, Expression } from './expression';

/**
 * One-off migrations only (not exported by the core's barrel; ARCHITECTURE.md: no Scan on a request path):
 * the whole table, a page at a time, optionally filtered (the filter saves transfer, not reads).
 */
export async function* scanPages(filter?: Condition): AsyncGenerator<RawItem[]> {
  const x = new Expression();
  const FilterExpression = filter?.(x);
  let start: RawItem | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({
        TableName: config.tableName,
        ...(FilterExpression ? { FilterExpression } : {}),
        ...x.attributes(),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    yield page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}
