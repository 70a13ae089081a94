import type * as z from '../zod';
import type { RouteAccess } from '../roles';
import type { JobKind } from './jobs';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a route's Lambda may touch, for least-privilege grants. Defaults: table read for GET,
 * read-write otherwise; no user pool; no buckets.
 */
export interface RouteGrants {
  table?: 'read' | 'readWrite' | 'none';
  userPool?: boolean;
  buckets?: ReadonlyArray<'images' | 'documents'>;
  /** What it may do with the buckets' objects: read them (and sign reads), or also write and delete (default). */
  bucketAccess?: 'read' | 'readWrite';
  /** The job queues it sends steps to (shared/src/routes/jobs.ts): it starts or resumes those jobs. */
  jobs?: readonly JobKind[];
}

/**
 * One API endpoint. `handler` names the module `functions/src/handlers/<handler>.ts`;
 * the CDK app, the local gateway and the web client all read these rows.
 */
export interface RouteDef<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  method: HttpMethod;
  path: `/api/${string}`;
  handler: string;
  roles: RouteAccess;
  summary: string;
  grants?: RouteGrants;
  /**
   * Lambda timeout for routes that do long work (bulk price writes, recomputing every customer's prices);
   * default 15 s. At most 29: the HTTP API stops waiting at 30 s.
   */
  timeoutSeconds?: 20 | 25 | 29;
  /**
   * Packages installed beside the Lambda's bundle instead of bundled: a renderer that reads its own files at
   * run time (pdfmake's standard fonts) and is loaded only when the route renders, so it costs neither bundle
   * size nor module-load time.
   */
  nodeModules?: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

/**
 * Declares a row; `const` keeps each schema's exact type for the handlers and the web client. Each row is
 * declared as `export const xRoute = /* @__PURE__ *\/ route({...})` so a Lambda's bundle keeps only the row its
 * handler imports and that row's schemas (esbuild does not carry a function's no-side-effects mark to calls
 * in other modules; the mark at the call does it).
 */
export const route = <const D extends RouteDef>(def: D): D => def;

type Schema<D, K extends string, Dir extends 'in' | 'out'> = D extends { [P in K]: infer S extends z.ZodMiniType }
  ? Dir extends 'in'
    ? z.input<S>
    : z.output<S>
  : Record<string, never>;

export type ParamsOf<D> = Schema<D, 'params', 'in'>;
export type QueryOf<D> = Schema<D, 'query', 'in'>;
export type BodyOf<D> = Schema<D, 'body', 'in'>;
export type ParsedParamsOf<D> = Schema<D, 'params', 'out'>;
export type ParsedQueryOf<D> = Schema<D, 'query', 'out'>;
export type ParsedBodyOf<D> = Schema<D, 'body', 'out'>;
export type ResponseOf<D> = D extends { response: infer R extends z.ZodMiniType } ? z.output<R> : never;

const PARAM = /\{(\w+)\}/g;

/** Names of the `{param}` segments of a path template. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(PARAM)].map((m) => m[1]!);

/** Fills a path template: `/api/db/users/getById/{id}` + `{ id: 'u1' }`. Values are URI-encoded. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(PARAM, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });

export const grantsOf = (def: Pick<RouteDef, 'method' | 'grants'>): Required<RouteGrants> => ({
  table: def.grants?.table ?? (def.method === 'GET' ? 'read' : 'readWrite'),
  userPool: def.grants?.userPool ?? false,
  buckets: def.grants?.buckets ?? [],
  bucketAccess: def.grants?.bucketAccess ?? 'readWrite',
  jobs: def.grants?.jobs ?? [],
});
