import { createServer, type Server, type Socket } from 'node:net';
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient, resetClients, setClients } from '../src/data';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../src/data/client-timeouts';
import { handler as addNew } from '../src/handlers/users/addNew';
import { handler as getAll } from '../src/handlers/users/getAll';
import { apiEvent, ensureCallerProfile, invoke } from './support/event';
import { useFreshTable } from './support/env';
import { faultyDynamo } from './support/faulty-dynamo';

/**
 * A slow dependency fails fast with a 503 and a message (issue 11), instead of hanging until the Lambda
 * times out. The real clients are pointed at a server that accepts connections and never answers.
 */
const ADMIN = { sub: 'admin-timeouts', roles: ['ADMIN' as const] };
const TIMED_OUT = {
  message: 'A service did not answer in time; please try again',
  code: 'ServiceUnavailableError',
};

let blackHole: Server;
let blackHoleUrl: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  await useFreshTable();
  // Written while DynamoDB answers; the first request then reads it (the caller-state check) from the black hole.
  await ensureCallerProfile(ADMIN);
  blackHole = createServer((socket) => {
    sockets.add(socket); // read nothing, answer nothing
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  const address = blackHole.address();
  blackHoleUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => blackHole.close(resolve));
});

/** Runs `fn` with the SDK endpoint variable `name` pointed at the black hole, on fresh clients. */
async function withSilentEndpoint<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const names = [name, 'SDK_CONNECTION_TIMEOUT_MS', 'SDK_REQUEST_TIMEOUT_MS'];
  const saved = names.map((n) => [n, process.env[n]] as const);
  process.env[name] = blackHoleUrl;
  // The defaults, as deployed (the local stack raises them).
  delete process.env.SDK_CONNECTION_TIMEOUT_MS;
  delete process.env.SDK_REQUEST_TIMEOUT_MS;
  resetClients();
  try {
    return await fn();
  } finally {
    for (const [n, value] of saved)
      if (value === undefined) delete process.env[n];
      else process.env[n] = value;
    resetClients();
  }
}

// Well before the Lambda's 15 s timeout: the SDK's attempts (4 for DynamoDB) of at most the request time each.
const WORST_MS = 10_000;

describe('SDK client timeouts', () => {
  it('a DynamoDB that never answers makes a route answer 503 with a message, within the timeouts', async () => {
    const started = Date.now();
    const result = await withSilentEndpoint('AWS_ENDPOINT_URL_DYNAMODB', () =>
      invoke<{ message: string; code: string }>(getAll, apiEvent(ADMIN)),
    );
    expect(result).toMatchObject({ status: 503, body: TIMED_OUT });
    expect(Date.now() - started).toBeLessThan(WORST_MS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DEFAULT_REQUEST_TIMEOUT_MS);
  });

  it('a Cognito that never answers makes a route answer 503 with a message, within the timeouts', async () => {
    const started = Date.now();
    const result = await withSilentEndpoint('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', () =>
      invoke<{ message: string; code: string }>(
        addNew,
        apiEvent({ ...ADMIN, body: { name: 'Slow Cognito', email: 'slow-cognito@example.com', role: ['SALES'] } }),
      ),
    );
    expect(result).toMatchObject({ status: 503, body: TIMED_OUT });
    expect(Date.now() - started).toBeLessThan(WORST_MS);
  });

  it('answers again once the dependency is back', async () => {
    const result = await invoke(getAll, apiEvent(ADMIN));
    expect(result.status).toBe(200);
  });
});

describe('a timed-out call injected by a mocked client', () => {
  let original: DynamoDBDocumentClient;
  beforeAll(() => {
    original = dynamoClient();
  });
  afterEach(() => setClients({ dynamo: original }));

  it('is a 503 with a message, not a 500', async () => {
    const { client, mock } = faultyDynamo();
    mock.on(QueryCommand).rejects(Object.assign(new Error('socket hang up after 3000 ms'), { name: 'TimeoutError' }));
    setClients({ dynamo: client });
    const result = await invoke<{ message: string }>(getAll, apiEvent(ADMIN));
    expect(result).toMatchObject({ status: 503, body: TIMED_OUT });
    expect(result.body.message).not.toMatch(/socket|3000/);
  });

  it('is a 503 when DynamoDB still throttles after the SDK retried', async () => {
    const { client, mock } = faultyDynamo();
    mock.on(QueryCommand).rejects(
      Object.assign(new Error('Rate of requests exceeds the allowed throughput'), {
        name: 'ProvisionedThroughputExceededException',
      }),
    );
    setClients({ dynamo: client });
    const result = await invoke<{ message: string; code: string }>(getAll, apiEvent(ADMIN));
    expect(result).toMatchObject({
      status: 503,
      body: { code: 'ServiceUnavailableError', message: 'The service is busy right now; please try again in a moment' },
    });
  });

  it('leaves other SDK failures a 500', async () => {
    const { client, mock } = faultyDynamo();
    mock.on(QueryCommand).rejects(Object.assign(new Error('Internal failure'), { name: 'InternalServerError' }));
    setClients({ dynamo: client });
    expect((await invoke(getAll, apiEvent(ADMIN))).status).toBe(500);
  });
});
