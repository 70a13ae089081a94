import middy from '@middy/core';
import { ordersUpdateRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updateOrder } from '#data';

const route = ordersUpdateRoute;

const update: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  updateOrder(params.id, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(update);
