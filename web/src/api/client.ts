import { buildPath } from '@bo/shared';
import { routeIndex as routes } from 'virtual:route-index';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteId, Routes } from '@bo/shared';

/** One problem with one input field, as the API reports it (`path` is dotted, e.g. `email`). */
export interface ApiIssue {
  path: string;
  message: string;
}

/** A non-OK answer of the API (or a network failure, status 0), with the server's message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly issues: ApiIssue[] = [],
    /** Whether `message` is the server's own text (not a status line or a network failure). */
    readonly fromServer = false,
  ) {
    super(message);
  }

  /** The issue messages keyed by top-level field, for form `errorText`s. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const issue of this.issues) {
      const field = issue.path.split('.')[0] ?? '';
      if (field && !(field in out)) out[field] = issue.message;
    }
    return out;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The message to show for a failure: the server's text when there is one, else `fallback`. */
export const errorMessage = (error: unknown, fallback: string): string =>
  isApiError(error) && error.fromServer && error.message ? error.message : fallback;

type Def<K extends RouteId> = Routes[K];
/**
 * Whether a route declares a part: the table's type helpers give `Record<string, never>` (or
 * `unknown`) for a part a route does not have.
 */
type Declared<T> = unknown extends T
  ? false
  : [T] extends [Record<string, never>]
    ? [Record<string, never>] extends [T]
      ? false
      : true
    : true;

/** What `apiCall` takes for a route: `params` when the path has `{param}`s, `query` and `body` when declared. */
export type ApiInput<K extends RouteId> = (Declared<ParamsOf<Def<K>>> extends true
  ? { params: ParamsOf<Def<K>> }
  : { params?: undefined }) &
  (Declared<QueryOf<Def<K>>> extends true ? { query?: QueryOf<Def<K>> } : { query?: undefined }) &
  (Declared<BodyOf<Def<K>>> extends true ? { body: BodyOf<Def<K>> } : { body?: undefined }) & {
    /** Extra request headers, e.g. `Idempotency-Key` on orders/new. */
    headers?: Record<string, string>;
  };

export type ApiResponse<K extends RouteId> = ResponseOf<Def<K>>;

/** Routes whose input is optional (no params, no body) may be called without one. */
export type ApiArgs<K extends RouteId> =
  Record<string, never> extends ApiInput<K> ? [input?: ApiInput<K>] : [input: ApiInput<K>];

export interface ApiClientOptions {
  /** The Cognito ID token; `forceRefresh` after a 401, in case it has just expired. */
  getIdToken: (options?: { forceRefresh?: boolean }) => Promise<string | undefined>;
  /** Called when the API still answers 401 with a fresh token: the session is gone (the error says why). */
  onUnauthorized?: (error: ApiError) => void;
}

let options: ApiClientOptions = { getIdToken: async () => undefined };

/** Wires the client to the auth layer (done once at boot; tests pass a stub). */
export function configureApiClient(next: ApiClientOptions): void {
  options = next;
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

/** `?a=1&b=x` from a query object; undefined/null/'' are left out, arrays repeat the key. Keys sorted for stable URLs. */
export function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a route for the given input (same origin). */
export function buildUrl<K extends RouteId>(routeId: K, input?: ApiInput<K>): string {
  const def = routes[routeId];
  const path = buildPath(def.path, (input?.params ?? {}) as Record<string, string | number>);
  return path + buildQueryString(input?.query as Record<string, QueryValue> | undefined);
}

async function readError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const body = (payload ?? {}) as { message?: unknown; code?: unknown; issues?: unknown };
  const fromServer = typeof body.message === 'string' && body.message.length > 0;
  const message = fromServer
    ? (body.message as string)
    : response.statusText || `Request failed with status ${response.status}`;
  const issues = Array.isArray(body.issues)
    ? body.issues.filter(
        (i): i is ApiIssue => typeof i === 'object' && i !== null && typeof (i as ApiIssue).message === 'string',
      )
    : [];
  return new ApiError(
    response.status,
    message,
    typeof body.code === 'string' ? body.code : undefined,
    issues,
    fromServer,
  );
}

async function send(
  url: string,
  method: string,
  body: unknown,
  token: string | undefined,
  extra: Record<string, string> = {},
  priority?: RequestPriority,
): Promise<Response> {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  try {
    return await fetch(url, priority ? { ...init, priority } : init);
  } catch (cause) {
    throw new ApiError(
      0,
      cause instanceof Error && cause.message ? `Network error: ${cause.message}` : 'Network error',
    );
  }
}

/**
 * Calls one route of the table: fills the path, appends the query, sends the body as JSON with the
 * ID token, and returns the parsed response. Non-OK answers throw an `ApiError` with the server's message.
 */
export function apiCall<K extends RouteId>(routeId: K, ...[input]: ApiArgs<K>): Promise<ApiResponse<K>> {
  return request(routeId, input);
}

/**
 * A GET asked ahead of the screen that shows it, at low fetch priority: over the six connections a browser
 * opens to an HTTP/1.1 origin, the page's own code is fetched first (HTTP/2 and 3, as CloudFront serves, weigh
 * the same hint).
 */
export function prefetchCall<K extends RouteId>(routeId: K, ...[input]: ApiArgs<K>): Promise<ApiResponse<K>> {
  return request(routeId, input, 'low');
}

async function request<K extends RouteId>(
  routeId: K,
  input: ApiInput<K> | undefined,
  priority?: RequestPriority,
): Promise<ApiResponse<K>> {
  const def = routes[routeId];
  const url = buildUrl(routeId, input);
  const body = def.method === 'GET' ? undefined : (input?.body ?? (def.method === 'DELETE' ? undefined : {}));

  const token = await options.getIdToken();
  let response = await send(url, def.method, body, token, input?.headers, priority);
  if (response.status === 401) {
    // The token may have expired between reading and sending: refresh once and retry.
    const fresh = await options.getIdToken({ forceRefresh: true }).catch(() => undefined);
    if (fresh) response = await send(url, def.method, body, fresh, input?.headers, priority);
    if (response.status === 401) {
      const error = await readError(response);
      // A session the API refused ends; a call sent with no token at all (its session already over) does not.
      if (token || fresh) options.onUnauthorized?.(error);
      throw error;
    }
  }
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as ApiResponse<K>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as ApiResponse<K>;
}
