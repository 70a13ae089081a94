import { redactCosts, requestIssues, type RouteDef } from '@bo/shared';
import type { MiddlewareObj, Request } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { gzipSync } from 'node:zlib';
import { isAllowed } from '@bo/shared';
import { logger } from '#logger';
import {
  asDomainError,
  BadRequestError,
  type Caller,
  DomainError,
  ForbiddenError,
  UnauthorizedError,
  statusOf,
} from '../domain';
import { requestMetrics } from './metrics';
import { currentCaller } from './caller-state';
import type { RouteEvent } from './types';

type Req<R extends RouteDef> = Request<RouteEvent<R>, unknown, Error>;

const json = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

/**
 * Who is calling, from the JWT claims the authorizer verified (401 without them), with the roles their profile
 * holds now (401 if deleted or disabled: caller-state.ts); 403 if the route refuses those roles.
 */
const authorize = <R extends RouteDef>(route: R): MiddlewareObj<RouteEvent<R>> => ({
  before: async (request: Req<R>) => {
    const claims = request.event.requestContext?.authorizer?.jwt?.claims;
    const userId = typeof claims?.sub === 'string' ? claims.sub : undefined;
    if (!claims || !userId) throw new UnauthorizedError('Sign in to continue');
    const authTime = Number(claims.auth_time);
    const current = await currentCaller(userId, Number.isFinite(authTime) ? authTime : undefined);
    const roles = current.roles;
    const caller: Caller = {
      userId,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      name: typeof claims.name === 'string' && claims.name ? claims.name : current.name,
      roles,
      isAdmin: roles.includes('ADMIN'),
    };
    request.event.caller = caller;
    if (!isAllowed(route.roles, roles))
      throw new ForbiddenError(
        roles.length === 0
          ? 'Your account has no role yet; ask an admin to assign one'
          : `Your role (${roles.join(', ')}) does not allow this action`,
      );
  },
});

/** Path, query and body checked against the route's zod schemas; the first problem becomes the 400 message. */
const validate = <R extends RouteDef>(route: R): MiddlewareObj<RouteEvent<R>> => ({
  before: (request: Req<R>) => {
    const { event } = request;
    const parts = [
      ['path', route.params, event.pathParameters ?? {}],
      ['query', route.query, event.queryStringParameters ?? {}],
      ['body', route.body, event.body ?? {}],
    ] as const;
    const input: Record<string, unknown> = {};
    for (const [where, schema, raw] of parts) {
      const key = where === 'path' ? 'params' : where;
      if (!schema) {
        input[key] = {};
        continue;
      }
      const result = schema.safeParse(raw);
      if (!result.success) {
        const issues = requestIssues(result.error.issues, where);
        const first = issues[0]!;
        throw new BadRequestError(`${first.message} (${first.path})`, issues);
      }
      input[key] = result.data;
    }
    event.input = input as unknown as RouteEvent<R>['input'];
  },
});

/** Bodies above this many bytes are gzipped for clients that accept it. */
export const GZIP_ABOVE_BYTES = 64 * 1024;

/**
 * Large lists (every product, the all-customers refresh) run to several MB of JSON, and a Lambda response
 * may not exceed 6 MB; gzipped they are about a tenth of that and reach the browser sooner. API Gateway and
 * CloudFront pass the encoded body and its header through; browsers and fetch decode it.
 */
export function compress(
  response: APIGatewayProxyStructuredResultV2,
  acceptEncoding: string | undefined,
): APIGatewayProxyStructuredResultV2 {
  const body = response.body ?? '';
  if (Buffer.byteLength(body) <= GZIP_ABOVE_BYTES || !/\bgzip\b/i.test(acceptEncoding ?? '')) return response;
  return {
    ...response,
    headers: { ...response.headers, 'content-encoding': 'gzip', vary: 'accept-encoding' },
    body: gzipSync(body).toString('base64'),
    isBase64Encoded: true,
  };
}

/** A handler result sent as bytes (a PDF) instead of JSON. */
export class BinaryResponse {
  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    readonly fileName?: string,
  ) {}
}

const binary = (response: BinaryResponse): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 200,
  headers: {
    'content-type': response.contentType,
    'cache-control': 'no-store',
    ...(response.fileName ? { 'content-disposition': `inline; filename="${response.fileName}"` } : {}),
  },
  body: response.body.toString('base64'),
  isBase64Encoded: true,
});

/** Handler results become JSON (gzipped when large); cost figures are stripped for roles that may not see them. */
const respond = <R extends RouteDef>(): MiddlewareObj<RouteEvent<R>> => ({
  after: (request: Req<R>) => {
    if (request.response instanceof BinaryResponse) {
      request.response = binary(request.response);
      return;
    }
    const response = json(200, redactCosts(request.response, request.event.caller?.roles ?? []));
    request.response = compress(response, request.event.headers?.['accept-encoding']);
  },
  onError: (request: Req<R>) => {
    const error = asDomainError(request.error);
    const middyStatus = (error as { statusCode?: number } | null)?.statusCode;
    let status = statusOf(error);
    let body: Record<string, unknown> = { message: 'Something went wrong on our side; please try again' };
    if (error instanceof DomainError) {
      body = { message: error.message, code: error.name, ...(error.details ? { issues: error.details } : {}) };
    } else if (typeof middyStatus === 'number' && middyStatus < 500) {
      // @middy/http-json-body-parser reports unreadable JSON as 415; to callers it is bad input.
      status = 400;
      body = { message: 'The request body must be valid JSON', code: 'BadRequestError' };
    }
    if (status >= 500) logger.error('Unhandled error', { error: request.error });
    else logger.info('Request refused', { status, message: body.message });
    request.response = json(status, body);
  },
});

/**
 * The middleware every route uses, in order. Header names need no normalizing: API Gateway's HTTP API
 * (payload format 2.0) sends them lowercase, and so does the local gateway. A handler file ends with
 * `export const handler = middy<RouteEvent<R>>().use(api(route)).handler(fn)`.
 */
export const api = <R extends RouteDef>(route: R): MiddlewareObj<RouteEvent<R>>[] => [
  requestMetrics(route),
  injectLambdaContext(logger, { resetKeys: true }) as MiddlewareObj<RouteEvent<R>>,
  respond<R>(),
  authorize(route),
  ...(route.body
    ? [
        httpJsonBodyParser({ disableContentTypeCheck: true } as Parameters<
          typeof httpJsonBodyParser
        >[0]) as MiddlewareObj<RouteEvent<R>>,
      ]
    : []),
  validate(route),
];
