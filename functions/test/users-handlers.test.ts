import {
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient, getUser, listChangeLog, setClients } from '../src/data';
import { handler as addNew } from '../src/handlers/users/addNew';
import { handler as update } from '../src/handlers/users/update';
import { handler as getAll } from '../src/handlers/users/getAll';
import { apiEvent, invoke } from './support/event';
import { useFreshTable } from './support/env';

const ADMIN = { sub: 'admin-handlers', roles: ['ADMIN' as const] };

beforeAll(useFreshTable);

const realDynamo = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });
let original: DynamoDBDocumentClient;
beforeAll(() => {
  original = dynamoClient();
});
afterEach(() => setClients({ dynamo: original }));

async function created(roles = ['SALES']) {
  const email = `h-${randomUUID().slice(0, 8)}@example.com`;
  const result = await invoke<{ user: { id: string } }>(
    addNew,
    apiEvent({ ...ADMIN, body: { name: 'Handler Test', email, role: roles } }),
  );
  expect(result.status).toBe(200);
  return result.body.user.id;
}

const cognitoGroups = async (id: string) => {
  const user = await getUser(id);
  const client = new CognitoIdentityProviderClient({});
  const groups = await client.send(
    new AdminListGroupsForUserCommand({ UserPoolId: process.env.USER_POOL_ID!, Username: user!.username }),
  );
  return (groups.Groups ?? []).map((g) => g.GroupName).sort();
};

describe('users handlers', () => {
  it('answers 401 without verified claims and 403 for a role the route refuses', async () => {
    expect((await invoke(getAll, apiEvent({}))).status).toBe(401);
    const refused = await invoke<{ message: string }>(addNew, apiEvent({ sub: 'x', roles: ['SALES'], body: {} }));
    expect(refused).toMatchObject({ status: 403, body: { message: 'Your role (SALES) does not allow this action' } });
  });

  it('reports malformed JSON as a 400', async () => {
    const result = await invoke<{ message: string }>(addNew, apiEvent({ ...ADMIN, rawBody: '{oops' }));
    expect(result).toMatchObject({ status: 400, body: { message: 'The request body must be valid JSON' } });
  });

  it('puts Cognito groups back when the profile transaction fails', async () => {
    const id = await created(['SALES']);
    expect(await cognitoGroups(id)).toEqual(['SALES']);

    const faultyClient = realDynamo();
    const real = realDynamo();
    const faulty = mockClient(faultyClient);
    faulty.callsFake(async (input: unknown) => real.send(input as never));
    faulty.on(TransactWriteCommand).rejects(
      Object.assign(new Error('Throughput exceeds the current capacity'), {
        name: 'ProvisionedThroughputExceededException',
      }),
    );
    setClients({ dynamo: faultyClient });

    const result = await invoke<{ message: string }>(
      update,
      apiEvent({ ...ADMIN, params: { id }, body: { role: ['ADMIN'] } }),
    );
    expect(result.status).toBe(500);
    expect(result.body.message).not.toMatch(/Throughput/);
    faulty.restore();
    setClients({ dynamo: original });

    expect(await cognitoGroups(id)).toEqual(['SALES']);
    expect((await getUser(id))?.role).toEqual(['SALES']);
    expect((await listChangeLog('user', id, {})).entries.map((e) => e.action)).toEqual(['create']);
  });
});
