import { describe, expect, it } from 'vitest';
import { buildPath, grantsOf, pathParamNames, routeList } from '../src/routes/index';

describe('the route table', () => {
  it('has unique method+path pairs and unique handler modules, all under /api', () => {
    const rows = routeList();
    expect(new Set(rows.map((r) => `${r.method} ${r.path}`)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.handler)).size).toBe(rows.length);
    for (const row of rows) expect(row.path.startsWith('/api/')).toBe(true);
  });

  it('declares a params schema exactly when the path has parameters', () => {
    for (const row of routeList()) expect(Boolean(row.params), row.id).toBe(pathParamNames(row.path).length > 0);
  });

  it('sends a body only on POST and PUT (and DELETE where the spec has one)', () => {
    for (const row of routeList().filter((r) => r.body)) expect(['POST', 'PUT', 'DELETE']).toContain(row.method);
  });

  it('builds paths with encoded parameters and refuses missing ones', () => {
    expect(buildPath('/api/db/users/getById/{id}', { id: 'a b/c' })).toBe('/api/db/users/getById/a%20b%2Fc');
    expect(() => buildPath('/api/db/users/getById/{id}', {})).toThrow(/Missing path parameter "id"/);
  });

  it('defaults grants to table read for GET and read-write otherwise', () => {
    expect(grantsOf({ method: 'GET' })).toEqual({
      table: 'read',
      userPool: false,
      buckets: [],
      bucketAccess: 'readWrite',
      jobs: [],
    });
    expect(grantsOf({ method: 'PUT', grants: { userPool: true } })).toEqual({
      table: 'readWrite',
      userPool: true,
      buckets: [],
      bucketAccess: 'readWrite',
      jobs: [],
    });
    expect(grantsOf({ method: 'GET', grants: { buckets: ['documents'], bucketAccess: 'read' } })).toMatchObject({
      buckets: ['documents'],
      bucketAccess: 'read',
    });
    expect(grantsOf({ method: 'POST', grants: { jobs: ['imports'] } }).jobs).toEqual(['imports']);
  });
});
