import type { Role } from '@bo/shared';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/** An API Gateway v2 event as the JWT authorizer passes it on (claims as strings, groups flattened). */
export function apiEvent(options: {
  sub?: string;
  roles?: Role[];
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

export async function invoke<T = Record<string, unknown>>(
  handler: unknown,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
) {
  const result = (await (handler as Handler)(event, context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode!, body: JSON.parse(result.body ?? 'null') as T };
}
