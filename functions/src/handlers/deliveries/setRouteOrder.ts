import middy from '@middy/core';
import { deliveriesSetRouteOrderRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { setRouteOrder } from '#data';

const route = deliveriesSetRouteOrderRoute;

const saveRouteOrder: RouteHandler<typeof route> = async ({ input: { body }, caller }) =>
  setRouteOrder(caller.userId, body);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(saveRouteOrder);
