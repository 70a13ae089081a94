import type { RouteDef } from '@bo/shared';

/** What the CDK app needs of a route-table row (real rows and the synthetic ones of the tests). */
export type RouteRow = Pick<RouteDef, 'method' | 'path' | 'handler' | 'grants' | 'timeoutSeconds' | 'nodeModules'> & {
  readonly id: string;
  readonly summary?: string;
};

export interface RouteShard<R extends RouteRow = RouteRow> {
  /** Stable, CloudFormation-safe name: the path area, plus `-2`, `-3`... when an area is split. */
  readonly name: string;
  readonly area: string;
  readonly rows: readonly R[];
}

/**
 * The "area" of a path: the segment after `/api/db/` or, for the others, after `/api/`.
 * `/api/db/users/getById/{id}` -> `users`; `/api/storage/list/{bucket}` -> `storage`; `/api/health` -> `health`.
 */
export function routeArea(path: string): string {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] !== 'api') throw new Error(`Route path must start with /api: ${path}`);
  const area = segments[1] === 'db' ? segments[2] : segments[1];
  if (!area || area.startsWith('{')) throw new Error(`Route path has no area segment: ${path}`);
  return area
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-');
}

/**
 * Splits the route table into route stacks. One stack per path area keeps a route's stack stable when
 * other areas grow: a route that moved between stacks would be created in the new stack before the
 * old stack deletes it, and API Gateway refuses a second route with the same key. An area with more
 * than `maxPerShard` routes is cut into consecutive chunks of its routes sorted by id.
 */
export function shardRoutes<R extends RouteRow>(rows: readonly R[], maxPerShard: number): RouteShard<R>[] {
  if (!Number.isInteger(maxPerShard) || maxPerShard < 1) throw new Error(`maxPerShard must be a positive integer`);
  const seen = new Set<string>();
  const byArea = new Map<string, R[]>();
  for (const row of rows) {
    const key = `${row.method} ${row.path}`;
    if (seen.has(key)) throw new Error(`Duplicate route ${key} (${row.id})`);
    seen.add(key);
    const area = routeArea(row.path);
    byArea.set(area, [...(byArea.get(area) ?? []), row]);
  }
  const shards: RouteShard<R>[] = [];
  for (const area of [...byArea.keys()].sort()) {
    const areaRows = [...byArea.get(area)!].sort((a, b) => a.id.localeCompare(b.id));
    for (let i = 0; i < areaRows.length; i += maxPerShard) {
      const part = i / maxPerShard + 1;
      shards.push({ name: part === 1 ? area : `${area}-${part}`, area, rows: areaRows.slice(i, i + maxPerShard) });
    }
  }
  return shards;
}
