import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { JOB_KINDS } from '@bo/shared';
import { inject } from 'vitest';
import { tableDefinition } from '../../src/data/core/table';
import { jobQueueUrlVariable } from '../../src/data/queues/jobs';

/**
 * Points the data layer at the test stack's emulators and creates a fresh table for this test file,
 * so files never see each other's data; and job queues of its own that nothing polls (a test that starts a job
 * runs its steps itself, and may read what was sent there).
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
    AWS_ENDPOINT_URL_SQS: stack.sqs.endpoint,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  const sqs = new SQSClient({ endpoint: stack.sqs.endpoint, useQueueUrlAsEndpoint: false });
  for (const kind of JOB_KINDS) {
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `${tableName}-${kind}` }));
    process.env[jobQueueUrlVariable(kind)] = QueueUrl;
  }
  sqs.destroy();
  await new DynamoDBClient({ endpoint: stack.dynamodb.endpoint }).send(
    new CreateTableCommand(tableDefinition(tableName)),
  );
  return tableName;
}
