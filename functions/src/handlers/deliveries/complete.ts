import middy from '@middy/core';
import { deliveriesCompleteRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, completeStop } from '#data';

const route = deliveriesCompleteRoute;

/** What happened at one of the caller's stops. An `Idempotency-Key` header makes a replay answer the first result. */
const complete: RouteHandler<typeof route> = async ({ input: { params, body }, caller, headers }) =>
  completeStop(params.orderId, body, actorOf(caller), headers?.['idempotency-key']?.trim().slice(0, 200) || undefined);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(complete);
