import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall, buildQueryString, buildUrl, configureApiClient, prefetchCall } from '../src/api/client';
import { apiQueryKey } from '../src/api/hooks';
import { fakeApi, TOKEN } from './helpers';

afterEach(() => vi.unstubAllGlobals());

describe('API client', () => {
  it('fills path parameters (encoded) and appends the query in a stable order', () => {
    expect(buildUrl('users.getById', { params: { id: 'a b/c' } })).toBe('/api/db/users/getById/a%20b%2Fc');
    expect(
      buildUrl('changelog.getAll', {
        params: { entityType: 'user', entityId: 'u1' },
        query: { limit: 10, cursor: 'x=1' },
      }),
    ).toBe('/api/db/changelog/getAll/user/u1?cursor=x%3D1&limit=10');
    expect(buildQueryString({ b: '', a: undefined, c: [1, 2] })).toBe('?c=1&c=2');
    expect(buildUrl('users.getAll')).toBe('/api/db/users/getAll');
  });

  it('derives stable query keys from the route id and input', () => {
    expect(apiQueryKey('users.getAll', {})).toEqual(['api', 'users.getAll']);
    expect(apiQueryKey('users.getById', { params: { id: 'u1' } })).toEqual([
      'api',
      'users.getById',
      { params: { id: 'u1' } },
    ]);
  });

  it('asks a prefetch at low fetch priority, so the page’s own code is fetched first; a screen’s call as usual', async () => {
    configureApiClient({ getIdToken: async () => TOKEN });
    const inits: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      inits.push(init);
      return new Response('[]', { status: 200 });
    });
    await expect(prefetchCall('users.getAll')).resolves.toEqual([]);
    await apiCall('users.getAll');
    expect(inits.map((i) => i.priority)).toEqual(['low', undefined]);
    expect(inits[0]?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
  });

  it('sends the bearer token and the JSON body, and returns the parsed response', async () => {
    configureApiClient({ getIdToken: async () => TOKEN });
    const api = fakeApi().on('PUT', '/api/db/users/update/u1', (call) => ({ body: { id: 'u1', echoed: call.body } }));

    const result = await apiCall('users.update', { params: { id: 'u1' }, body: { title: 'Lead' } });

    expect(result).toMatchObject({ id: 'u1', echoed: { title: 'Lead' } });
    const [call] = api.calls;
    expect(call?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(call?.headers['Content-Type']).toBe('application/json');
    expect(call?.body).toEqual({ title: 'Lead' });
  });

  it('throws an ApiError carrying the status, the server message and the issues', async () => {
    configureApiClient({ getIdToken: async () => TOKEN });
    fakeApi().on('POST', '/api/db/users/addNew', {
      status: 409,
      body: {
        message: 'A user with this email already exists',
        code: 'CONFLICT',
        issues: [{ path: 'email', message: 'Taken' }],
      },
    });

    const error = await apiCall('users.addNew', { body: { name: 'A', email: 'a@b.co', role: ['SALES'] } }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(409);
    expect(apiError.message).toBe('A user with this email already exists');
    expect(apiError.code).toBe('CONFLICT');
    expect(apiError.fieldErrors()).toEqual({ email: 'Taken' });
  });

  it('falls back to the status text when the error body is not JSON', async () => {
    configureApiClient({ getIdToken: async () => TOKEN });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500, statusText: 'Internal Server Error' })),
    );
    await expect(apiCall('users.getAll')).rejects.toMatchObject({ status: 500, message: 'Internal Server Error' });
  });

  it('refreshes the token once after a 401 and signals when the session is gone', async () => {
    const getIdToken = vi.fn(async (options?: { forceRefresh?: boolean }): Promise<string | undefined> =>
      options?.forceRefresh ? 'fresh' : 'stale',
    );
    const onUnauthorized = vi.fn();
    configureApiClient({ getIdToken, onUnauthorized });
    const api = fakeApi().on('GET', '/api/db/users/getAll', (call) =>
      call.headers.Authorization === 'Bearer fresh'
        ? { body: { res: [] } }
        : { status: 401, body: { message: 'Unauthorized' } },
    );

    await expect(apiCall('users.getAll')).resolves.toEqual({ res: [] });
    expect(api.calls).toHaveLength(2);
    expect(onUnauthorized).not.toHaveBeenCalled();

    getIdToken.mockImplementation(async () => 'stale');
    await expect(apiCall('users.getAll')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();

    // Signed out already (no token at all): the refusal is an error, not a second end of the session.
    getIdToken.mockImplementation(async () => undefined);
    await expect(apiCall('users.getAll')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
