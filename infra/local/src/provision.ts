import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { ROLES } from '@bo/shared';
import { tableDefinition } from '@bo/functions/data';

// s3rver only accepts its own key pair; the other emulators accept any.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const LOCAL_REGION = 'us-east-1';

export async function ensureTable(endpoint: string, tableName: string): Promise<boolean> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials });
  const definition = tableDefinition(tableName);
  let existing: string[];
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    existing = (Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName!);
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(definition));
    return true;
  }
  // A table kept from before an index was added (gsi4 in issue 13, gsi5 in issue 14) gets it; the data's keys are backfilled after.
  for (const index of definition.GlobalSecondaryIndexes ?? []) {
    if (existing.includes(index.IndexName!)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: definition.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
  }
  return false;
}

/**
 * Turns on the table's stream with old and new images (as the CDK table has it), also on a table kept from
 * before streams were used; returns the stream's ARN for the local consumers.
 */
export async function ensureTableStream(endpoint: string, tableName: string): Promise<string> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials });
  const describe = async () => (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table!;
  let table = await describe();
  const spec = table.StreamSpecification;
  if (spec?.StreamEnabled && spec.StreamViewType !== 'NEW_AND_OLD_IMAGES') {
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }));
    table = await describe();
  }
  if (!table.StreamSpecification?.StreamEnabled) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    table = await describe();
  }
  return table.LatestStreamArn!;
}

export async function ensureBuckets(endpoint: string, buckets: string[], allowedOrigins: string[]): Promise<void> {
  const client = new S3Client({ endpoint, region: LOCAL_REGION, credentials, forcePathStyle: true });
  for (const Bucket of buckets) {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
    } catch {
      await client.send(new CreateBucketCommand({ Bucket }));
    }
    await client.send(
      new PutBucketCorsCommand({
        Bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: allowedOrigins,
              AllowedMethods: ['GET', 'PUT', 'HEAD'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  }
}

/** Finds or creates the user pool, its app client and one group per role. */
export async function ensureUserPool(endpoint: string, poolName: string) {
  const client = new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials });
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === poolName)?.Id;
  const created = !userPoolId;
  if (!userPoolId) {
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: poolName,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
      }),
    );
    userPoolId = pool.UserPool!.Id!;
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === 'web')?.ClientId;
  if (!clientId) {
    const appClient = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = appClient.UserPoolClient!.ClientId!;
  }
  const groups = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  const existing = new Set(groups.Groups?.map((g) => g.GroupName));
  for (const GroupName of ROLES.filter((r) => !existing.has(r)))
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName, Description: `${GroupName} role` }));
  return { userPoolId, clientId, created };
}
