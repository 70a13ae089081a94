import { parseGroupsClaim, type Role } from '@bo/shared';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { put } from '../../src/data/core';
import { userEntity } from '../../src/data/users/entity';
import { forgetCallerStates } from '../../src/http/caller-state';

/** An API Gateway v2 event as the JWT authorizer passes it on (claims as strings, groups flattened). */
export function apiEvent(options: {
  sub?: string;
  roles?: Role[];
  /** The token's `auth_time` (epoch seconds, as API Gateway passes claims: a string). */
  authTime?: number;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}): APIGatewayProxyEventV2WithJWTAuthorizer {
  const claims: Record<string, string> | undefined = options.sub
    ? {
        sub: options.sub,
        'cognito:groups': `[${(options.roles ?? []).join(' ')}]`,
        email: `${options.sub}@example.com`,
        ...(options.authTime !== undefined ? { auth_time: String(options.authTime) } : {}),
      }
    : undefined;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return {
    version: '2.0',
    routeKey: 'TEST',
    rawPath: '/test',
    rawQueryString: '',
    headers: body ? { 'content-type': 'application/json' } : {},
    ...(options.params ? { pathParameters: options.params } : {}),
    ...(options.query ? { queryStringParameters: options.query } : {}),
    requestContext: { authorizer: claims ? { jwt: { claims, scopes: [] } } : undefined },
    ...(body ? { body } : {}),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export const context = {
  awsRequestId: 'test',
  functionName: 'test',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

type Handler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<unknown>;

/** The roles each caller's profile was last written with, in this file's table. */
const written = new Map<string, string>();

/**
 * The API goes by the caller's profile, not the token (http/caller-state.ts), so a caller made up for a test
 * gets an ACTIVE profile holding the roles its claims name; it is rewritten (and the state cache emptied)
 * when a later event names other roles for the same id.
 */
export async function ensureCallerProfile(caller: { sub: string; roles?: Role[] }) {
  const roles = [...(caller.roles ?? [])];
  if (written.get(caller.sub) === roles.join(' ')) return;
  const now = new Date().toISOString();
  await put(userEntity, {
    id: caller.sub,
    username: caller.sub,
    name: caller.sub,
    email: `${caller.sub}@example.com`,
    role: roles,
    status: 'ACTIVE',
    createdAt: now,
    modifiedOn: now,
  });
  written.set(caller.sub, roles.join(' '));
  forgetCallerStates();
}

/** Calls a handler as API Gateway would; `profile: false` leaves the caller's profile as the test made it. */
export async function invoke<T = Record<string, unknown>>(
  handler: unknown,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  options: { profile?: boolean } = {},
) {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (options.profile !== false && typeof claims?.sub === 'string')
    await ensureCallerProfile({ sub: claims.sub, roles: parseGroupsClaim(claims['cognito:groups']) });
  const result = (await (handler as Handler)(event, context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode!, body: JSON.parse(result.body ?? 'null') as T };
}
