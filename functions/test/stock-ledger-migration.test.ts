import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { bucketOf, dynamoClient, readStockFor, readStockLedger } from '../src/data';
import { backfillStockLedger } from '../src/data/seed';
import { config } from '../src/config';
import { useFreshTable } from './support/env';

beforeAll(async () => {
  await useFreshTable();
});

describe('stock ledger migration', () => {
  it('moves a version-1 ledger (whole ids in the names) to short keys, once', async () => {
    const sk = `bucket#${String(bucketOf('product-1')).padStart(2, '0')}`;
    await dynamoClient().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { pk: 'stockledger', sk, 's#product-1': 12, 'p#product-1': 3, 'r#batch-1': 8, 'f#batch-1': 5 },
      }),
    );
    expect(await backfillStockLedger()).toBe(4);
    const view = await readStockFor(['product-1']);
    expect([
      view.stock('product-1'),
      view.pending('product-1'),
      view.remaining('batch-1'),
      view.free('batch-1'),
    ]).toEqual([12, 3, 8, 5]);
    expect((await readStockLedger()).stock('product-1')).toBe(12);
    // Idempotent: the new ledger exists, so nothing moves again.
    expect(await backfillStockLedger()).toBe(0);
  });
});
