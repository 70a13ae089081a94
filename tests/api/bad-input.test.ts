import { buildPath, pathParamNames, routeList } from '@bo/shared';
import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';

/** Bad input gets a 4xx with a message, never a 500 — for every route in the table, as an admin. */
const BAD_BODIES: Array<[string, { rawBody?: string; body?: unknown }]> = [
  ['malformed JSON', { rawBody: '{"name": ' }],
  ['a JSON array', { body: [1, 2, 3] }],
  ['a JSON string', { body: 'hello' }],
  ['wrong types', { body: { name: 42, email: false, role: 'ADMIN', password: 7, title: { a: 1 } } }],
  ['unknown fields', { body: { nonsense: true } }],
  [
    'huge strings',
    { body: { name: 'x'.repeat(100_000), email: `${'y'.repeat(300)}@example.com`, password: 'z'.repeat(10_000) } },
  ],
];
const BAD_PARAMS = ['%00', 'x'.repeat(300), '..%2F..%2Fetc'];

describe.each(routeList().filter((r) => r.body))('$method $path body', (row) => {
  it.each(BAD_BODIES)('%s → 400 with a message', async (_label, input) => {
    const params = Object.fromEntries(pathParamNames(row.path).map((n) => [n, 'does-not-exist']));
    const result = await call<{ message?: string }>(row.method, buildPath(row.path, params), {
      token: await tokenFor('ADMIN'),
      ...input,
    });
    expect(result.status).toBe(400);
    expect(typeof result.body?.message).toBe('string');
  });
});

describe.each(routeList().filter((r) => pathParamNames(r.path).length > 0))('$method $path params', (row) => {
  it.each(BAD_PARAMS)('%s → 4xx with a message', async (value) => {
    const path = row.path.replace(/\{(\w+)\}/g, value);
    const result = await call<{ message?: string }>(row.method, path, {
      token: await tokenFor('ADMIN'),
      ...(row.body ? { body: {} } : {}),
    });
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(typeof result.body?.message).toBe('string');
  });
});

it('names the offending field in the message', async () => {
  const result = await call<{ message: string; issues: Array<{ path: string }> }>('POST', '/api/db/users/addNew', {
    token: await tokenFor('ADMIN'),
    body: { name: 'Someone', email: 'not-an-email', role: ['SALES'] },
  });
  expect(result.status).toBe(400);
  expect(result.body.message).toBe('Enter a valid email address (body.email)');
  expect(result.body.issues[0]?.path).toBe('body.email');
});
