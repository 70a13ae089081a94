import middy from '@middy/core';
import { brandsUpdateRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updateBrand } from '#data';

const route = brandsUpdateRoute;

const update: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  updateBrand(params.id, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(update);
