import middy from '@middy/core';
import { brandsAddNewRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createBrand } from '#data';

const route = brandsAddNewRoute;

const addNew: RouteHandler<typeof route> = async ({ input: { body }, caller }) => createBrand(body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(addNew);
