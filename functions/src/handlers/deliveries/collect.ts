import middy from '@middy/core';
import { deliveriesCollectRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, collect } from '#data';

const route = deliveriesCollectRoute;

/** Cash or a check taken at one of the caller's stops, pending until the office confirms it. */
const collectAtDoor: RouteHandler<typeof route> = async ({ input: { params, body }, caller, headers }) =>
  collect(params.orderId, body, actorOf(caller), headers?.['idempotency-key']?.trim().slice(0, 200) || undefined);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(collectAtDoor);
