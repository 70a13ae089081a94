import type { ParsedBodyOf, ParsedParamsOf, ParsedQueryOf, ResponseOf, RouteDef } from '@bo/shared';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import type { Caller } from '../domain';

export interface RouteInput<R extends RouteDef> {
  params: ParsedParamsOf<R>;
  query: ParsedQueryOf<R>;
  body: ParsedBodyOf<R>;
}

/** The API Gateway v2 event after the middleware: who is calling and the validated input. */
export type RouteEvent<R extends RouteDef> = Omit<APIGatewayProxyEventV2WithJWTAuthorizer, 'body'> & {
  body?: unknown;
  caller: Caller;
  input: RouteInput<R>;
};

export type RouteHandler<R extends RouteDef> = (event: RouteEvent<R>, context: Context) => Promise<ResponseOf<R>>;
