import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient, getUser, listChangeLog, setClients } from '../src/data';
import { handler as addNew } from '../src/handlers/users/addNew';
import { handler as update } from '../src/handlers/users/update';
import { handler as getAll } from '../src/handlers/users/getAll';
import { handler as disable } from '../src/handlers/users/disable';
import { handler as enable } from '../src/handlers/users/enable';
import { apiEvent, invoke } from './support/event';
import { useFreshTable } from './support/env';
import { faultyDynamo } from './support/faulty-dynamo';

const ADMIN = { sub: 'admin-handlers', roles: ['ADMIN' as const] };

beforeAll(useFreshTable);

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

const cognitoEnabled = async (id: string) => {
  const user = await getUser(id);
  const found = await new CognitoIdentityProviderClient({}).send(
    new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID!, Username: user!.username }),
  );
  return found.Enabled;
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

    const { client: faultyClient, mock: faulty } = faultyDynamo();
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
    // Still throttled after the SDK's retries: a 503 to retry (domain/errors.ts), with nothing left half done.
    expect(result.status).toBe(503);
    expect(result.body.message).not.toMatch(/Throughput/);
    // The Cognito change was made, then the profile transaction failed.
    expect(faulty.commandCalls(TransactWriteCommand)).toHaveLength(1);
    faulty.restore();
    setClients({ dynamo: original });

    expect(await cognitoGroups(id)).toEqual(['SALES']);
    expect((await getUser(id))?.role).toEqual(['SALES']);
    expect((await listChangeLog('user', id, {})).entries.map((e) => e.action)).toEqual(['create']);
  });

  it('disables a user in Cognito and the profile, with a Status entry, and enables them again', async () => {
    const id = await created(['SALES']);
    const disabled = await invoke<{ status: string }>(disable, apiEvent({ ...ADMIN, params: { id } }));
    expect(disabled).toMatchObject({ status: 200, body: { status: 'DISABLED' } });
    expect(await cognitoEnabled(id)).toBe(false);
    expect((await getUser(id))?.status).toBe('DISABLED');
    // Again: nothing more to log (cognito-local has no global sign-out; that is logged, not failed).
    expect((await invoke(disable, apiEvent({ ...ADMIN, params: { id } }))).status).toBe(200);

    const enabled = await invoke<{ status: string }>(enable, apiEvent({ ...ADMIN, params: { id } }));
    expect(enabled).toMatchObject({ status: 200, body: { status: 'ACTIVE' } });
    expect(await cognitoEnabled(id)).toBe(true);
    const { entries } = await listChangeLog('user', id, {});
    expect(entries.map((e) => [e.action, e.userId, e.changes[0]?.field, e.changes[0]?.newValue])).toEqual([
      ['update', ADMIN.sub, 'status', 'ACTIVE'],
      ['update', ADMIN.sub, 'status', 'DISABLED'],
      ['create', ADMIN.sub, expect.any(String), expect.anything()],
    ]);
  });

  it('refuses an admin disabling themself (409) and an unknown user (404)', async () => {
    const self = await invoke<{ message: string }>(disable, apiEvent({ ...ADMIN, params: { id: ADMIN.sub } }));
    expect(self).toMatchObject({
      status: 409,
      body: { message: 'You cannot disable your own account; ask another admin' },
    });
    expect((await getUser(ADMIN.sub))?.status).toBe('ACTIVE');
    expect((await invoke(disable, apiEvent({ ...ADMIN, params: { id: 'nobody' } }))).status).toBe(404);
    expect((await invoke(enable, apiEvent({ ...ADMIN, params: { id: 'nobody' } }))).status).toBe(404);
  });
});
