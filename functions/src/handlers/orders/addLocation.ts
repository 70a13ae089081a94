import middy from '@middy/core';
import { ordersAddLocationRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createLocation } from '#data';

const route = ordersAddLocationRoute;

/** The next number from the counter; the first location ever becomes the default. 409 for a name in use. */
const addLocation: RouteHandler<typeof route> = async ({ input: { body }, caller }) =>
  createLocation(body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(addLocation);
