import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '@bo/shared';
import { type RouteRow, routeArea, shardRoutes } from '../cdk/lib/sharding';
import { nagFindings, resourceCount, type Synth, synthBackoffice } from './support';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures', 'handler.ts');
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** 120 rows over four areas, one of them larger than a shard, with every kind of grant. */
function syntheticRows(): RouteRow[] {
  const areas = { products: 55, customers: 35, orders: 20, storage: 10 };
  return Object.entries(areas).flatMap(([area, n]) =>
    Array.from({ length: n }, (_, i): RouteRow => {
      const method = METHODS[i % METHODS.length]!;
      return {
        id: `${area}.op${String(i).padStart(3, '0')}`,
        method,
        path: area === 'storage' ? `/api/storage/op${i}/{fileName}` : `/api/db/${area}/op${i}/{id}`,
        handler: `${area}/op${i}`,
        grants:
          area === 'storage'
            ? { buckets: i % 2 ? ['images'] : ['images', 'documents'] }
            : i % 7 === 0
              ? { userPool: true }
              : undefined,
      };
    }),
  );
}

describe('shardRoutes', () => {
  it('names areas from /api/db/<area>/... and /api/<area>/...', () => {
    expect(routeArea('/api/db/users/getById/{id}')).toBe('users');
    expect(routeArea('/api/storage/list/{bucket}')).toBe('storage');
    expect(routeArea('/api/health')).toBe('health');
    expect(routeArea('/api/db/changelog/getAll/{entityType}/{entityId}')).toBe('changelog');
  });

  it('keeps one stack per area and splits only areas above the limit', () => {
    const shards = shardRoutes(syntheticRows(), 40);
    expect(shards.map((sh) => [sh.name, sh.rows.length])).toEqual([
      ['customers', 35],
      ['orders', 20],
      ['products', 40],
      ['products-2', 15],
      ['storage', 10],
    ]);
    expect(shards.flatMap((sh) => sh.rows)).toHaveLength(120);
  });

  it('does not move a route between stacks when another area grows', () => {
    const rows = syntheticRows();
    const before = new Map(shardRoutes(rows, 40).flatMap((sh) => sh.rows.map((r) => [r.id, sh.name])));
    const grown = [
      ...rows,
      ...Array.from({ length: 30 }, (_, i): RouteRow => ({
        id: `orders.new${i}`,
        method: 'GET',
        path: `/api/db/orders/new${i}`,
        handler: 'x',
      })),
    ];
    const after = new Map(shardRoutes(grown, 40).flatMap((sh) => sh.rows.map((r) => [r.id, sh.name])));
    for (const [id, shard] of before) if (!id.startsWith('orders.')) expect(after.get(id), id).toBe(shard);
  });

  it('refuses duplicate method + path', () => {
    const row: RouteRow = { id: 'a', method: 'GET', path: '/api/db/x/y', handler: 'x/y' };
    expect(() => shardRoutes([row, { ...row, id: 'b' }], 40)).toThrow(/Duplicate route/);
  });

  it('places the real route table', () => {
    const shards = shardRoutes(routeList(), 40);
    expect(shards.flatMap((sh) => sh.rows)).toHaveLength(routeList().length);
    expect(shards.every((sh) => sh.rows.length <= 40)).toBe(true);
  });
});

describe('a 120-route table', () => {
  let s: Synth;
  beforeAll(() => {
    s = synthBackoffice({ rows: syntheticRows(), entryFor: () => FIXTURE });
  });

  it('is sharded so that every stack stays under 500 resources', () => {
    expect(s.routes.map((r) => r.stackName)).toEqual([
      'backoffice-routes-customers',
      'backoffice-routes-orders',
      'backoffice-routes-products',
      'backoffice-routes-products-2',
      'backoffice-routes-storage',
    ]);
    const counts = Object.fromEntries(s.stacks.map((st) => [st.stackName, resourceCount(s.template(st))]));
    for (const [name, count] of Object.entries(counts)) expect(count, name).toBeLessThan(500);
    // a full shard of 40 routes is 7 resources a route plus metadata: ~57% of the limit
    expect(counts['backoffice-routes-products']).toBeLessThanOrEqual(40 * 7 + 1);
    const routes = s.routes.reduce(
      (n, st) => n + Object.keys(s.template(st).findResources('AWS::ApiGatewayV2::Route')).length,
      0,
    );
    expect(routes).toBe(120);
  });

  it('passes cdk-nag with bucket and user-pool grants', () => {
    expect(nagFindings(s.app)).toEqual([]);
  });
});

describe('cdk-nag enforcement', () => {
  it('fails synthesis on an unacknowledged finding', () => {
    const app = new App();
    new Bucket(new Stack(app, 'Bad'), 'Plain');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });
});
