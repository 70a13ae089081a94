import middy from '@middy/core';
import { ordersRemoveLocationRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, removeLocation as deleteLocation } from '#data';

const route = ordersRemoveLocationRoute;

/** 409 for the default location (make another the default first), 404 when unknown. */
const removeLocation: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  await deleteLocation(params.id, actorOf(caller));
  return { ok: true as const };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(removeLocation);
