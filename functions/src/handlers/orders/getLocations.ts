import middy from '@middy/core';
import { ordersGetLocationsRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listLocations } from '#data';

const route = ordersGetLocationsRoute;

const getLocations: RouteHandler<typeof route> = async () => listLocations();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getLocations);
