import middy from '@middy/core';
import { ordersUpdateLocationRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updateLocation as saveLocation } from '#data';

const route = ordersUpdateLocationRoute;

/** Color, name, or `isDefault: true` (moves the default in one transaction). 404 when unknown. */
const updateLocation: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  saveLocation(params.id, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(updateLocation);
