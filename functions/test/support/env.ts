import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { tableDefinition } from '../../src/data/core/table';

/**
 * Points the data layer at the test stack's emulators and creates a fresh table for this test file,
 * so files never see each other's data.
 */
export async function useFreshTable(): Promise<string> {
  const stack = inject('stack');
  if (!stack) throw new Error('Integration tests need the local stack from the global setup');
  const tableName = `test-${randomUUID()}`;
  Object.assign(process.env, {
    AWS_REGION: stack.region,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamodb.endpoint,
    AWS_ENDPOINT_URL_S3: stack.s3.endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: stack.cognito.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    TABLE_NAME: tableName,
    IMAGES_BUCKET: stack.s3.buckets.images,
    DOCUMENTS_BUCKET: stack.s3.buckets.documents,
    USER_POOL_ID: stack.cognito.userPoolId,
    USER_POOL_CLIENT_ID: stack.cognito.clientId,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  await new DynamoDBClient({ endpoint: stack.dynamodb.endpoint }).send(
    new CreateTableCommand(tableDefinition(tableName)),
  );
  return tableName;
}
