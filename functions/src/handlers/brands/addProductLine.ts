import middy from '@middy/core';
import { brandsAddProductLineRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createProductLine } from '#data';

const route = brandsAddProductLineRoute;

const addProductLine: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  createProductLine(params.brandId, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(addProductLine);
