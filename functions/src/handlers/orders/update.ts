import middy from '@middy/core';
import { orderRoutes } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updateOrder } from '#data';

const route = orderRoutes['orders.update'];

const update: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  updateOrder(params.id, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(update);
