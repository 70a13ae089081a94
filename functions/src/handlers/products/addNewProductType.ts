import middy from '@middy/core';
import { productsAddNewProductTypeRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createProductType } from '#data';

const route = productsAddNewProductTypeRoute;

const addNewProductType: RouteHandler<typeof route> = async ({ input: { body }, caller }) =>
  createProductType(body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(addNewProductType);
