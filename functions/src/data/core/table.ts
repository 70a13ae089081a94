import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The one table: `pk`/`sk` plus five overloaded GSIs. The CDK app declares the same shape
 * (asserted in infra/test); the local stack and the integration tests create it from here.
 */
export const GSIS = ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5'] as const;

export const tableDefinition = (TableName: string): CreateTableCommandInput => ({
  TableName,
  BillingMode: 'PAY_PER_REQUEST',
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  AttributeDefinitions: ['pk', 'sk', ...GSIS.flatMap((g) => [`${g}pk`, `${g}sk`])].map((AttributeName) => ({
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
