import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createUser, resetClients, tableDefinition } from '@bo/functions/data';
import { seedCatalog } from '../../infra/local/src/catalog-fixture';
import { seedCustomers } from '../../infra/local/src/customers-fixture';
import { seedLocations } from '../../infra/local/src/locations-fixture';
import { DEMO_USERS, SYSTEM } from '../../infra/local/src/seed';
import { DEMO_CATALOG } from '../../infra/local/src/stack';
import { stackInfo } from './stack';

/**
 * What the demo-data tests start from, as a fresh `npm start` does before its orders: a new table of the test
 * stack's DynamoDB (this process's data layer pointed at it), the demo user profiles (no Cognito identities:
 * the fixtures read owners and drivers from the profiles), the pickup locations, the demo catalogue and the
 * demo customers. `userId` picks a user's id by email (default `demo-user-<i>`).
 */
export async function freshDemoTable(userId: (email: string, i: number) => string = (_, i) => `demo-user-${i}`) {
  const stack = stackInfo();
  const tableName = `test-${randomUUID()}`;
  Object.assign(process.env, {
    AWS_REGION: stack.region,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamodb.endpoint,
    TABLE_NAME: tableName,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  resetClients();
  await new DynamoDBClient({ endpoint: stack.dynamodb.endpoint }).send(
    new CreateTableCommand(tableDefinition(tableName)),
  );
  for (const [i, demo] of DEMO_USERS.entries())
    await createUser(
      {
        id: userId(demo.email, i),
        username: demo.email,
        name: demo.name,
        email: demo.email,
        role: demo.roles,
        title: demo.title,
      },
      SYSTEM,
    );
  await seedLocations(SYSTEM);
  await seedCatalog(DEMO_CATALOG, SYSTEM);
  await seedCustomers(SYSTEM);
}
