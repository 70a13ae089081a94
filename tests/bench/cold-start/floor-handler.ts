/**
 * The cold-start floor (ARCHITECTURE.md, "Cold starts are the latency users feel"): a Lambda that only
 * creates a DynamoDB DocumentClient and sends one GetCommand. Every function's bundle and module load are
 * budgeted against this one, bundled the same way.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (event: { pk?: string }) => {
  const { Item } = await client.send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: event.pk ?? 'floor', sk: 'floor' } }),
  );
  return { statusCode: 200, body: JSON.stringify(Item ?? null) };
};
