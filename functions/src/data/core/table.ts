import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The one table: `pk`/`sk` plus five overloaded GSIs. The CDK app declares the same shape
 * (asserted in infra/test); the local stack and the integration tests create it from here.
 */
export const GSIS = ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5'] as const;

/** The key attributes of the secondary indexes (`gsi1pk`, `gsi1sk`, ...): computed from a record, never part of one. */
export const INDEX_KEY_ATTRIBUTES: readonly string[] = GSIS.flatMap((g) => [`${g}pk`, `${g}sk`]);
/** Every key attribute of the table: the item's own key and each index's. */
export const KEY_ATTRIBUTES: ReadonlySet<string> = new Set(['pk', 'sk', ...INDEX_KEY_ATTRIBUTES]);

/**
 * The table's time-to-live attribute (epoch seconds): DynamoDB deletes an item some time after it passes, at no
 * write cost. Items that are only ever temporary carry it (stream retry counts, figures of a generation no longer read).
 */
export const TTL_ATTRIBUTE = 'expiresAt';

export const tableDefinition = (TableName: string): CreateTableCommandInput => ({
  TableName,
  BillingMode: 'PAY_PER_REQUEST',
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  AttributeDefinitions: [...KEY_ATTRIBUTES].map((AttributeName) => ({
    AttributeName,
    AttributeType: 'S',
  })),
  GlobalSecondaryIndexes: GSIS.map((g) => ({
    IndexName: g,
    KeySchema: [
      { AttributeName: `${g}pk`, KeyType: 'HASH' },
      { AttributeName: `${g}sk`, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  })),
});
