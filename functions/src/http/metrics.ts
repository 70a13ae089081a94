import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { RouteDef } from '@bo/shared';
import type { MiddlewareObj, Request } from '@middy/core';
import { API_LATENCY_METRIC, AREA_DIMENSION, AREA_ENV, captureColdStart, flushMetrics, metrics } from '#metrics';
import type { RouteEvent } from './types';

type Req<R extends RouteDef> = Request<RouteEvent<R>, unknown, Error>;

/**
 * The route's `ApiLatency`: from API Gateway receiving the request (`requestContext.timeEpoch`, so the cold
 * start and the authorizer count) to the response, as its own EMF document with the area dimension the
 * CDK's per-area p99 alarm watches. The route key and status ride along as metadata (log fields, not
 * dimensions) for Logs Insights. Functions without an area (run outside the CDK) record none.
 */
function recordLatency<R extends RouteDef>(route: R, request: Req<R>, startedAt: number): void {
  const area = process.env[AREA_ENV];
  if (!area) return;
  const since = request.event.requestContext?.timeEpoch ?? startedAt;
  const status = (request.response as { statusCode?: number } | undefined)?.statusCode ?? 500;
  const latency = metrics().singleMetric();
  latency.addDimension(AREA_DIMENSION, area);
  latency.addMetadata('routeKey', `${route.method} ${route.path}`);
  latency.addMetadata('status', String(status));
  latency.addMetric(API_LATENCY_METRIC, MetricUnit.Milliseconds, Math.max(0, Date.now() - since));
}

/**
 * Metrics of an API request: the cold start, the latency and the business events the handler committed,
 * flushed once the response is final (first in `api()`, so its `after` and `onError` run last).
 */
export const requestMetrics = <R extends RouteDef>(route: R): MiddlewareObj<RouteEvent<R>> => {
  // Per request, not per function: the local gateway runs concurrent requests through one handler.
  const startedAt = new WeakMap<object, number>();
  const done = (request: Req<R>) => {
    recordLatency(route, request, startedAt.get(request) ?? Date.now());
    flushMetrics();
  };
  return {
    before: (request: Req<R>) => {
      startedAt.set(request, Date.now());
      captureColdStart(request.context?.functionName);
    },
    after: done,
    onError: done,
  };
};
