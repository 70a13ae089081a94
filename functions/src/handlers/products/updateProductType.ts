import middy from '@middy/core';
import { productsUpdateProductTypeRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updateProductType as renameProductType } from '#data';

const route = productsUpdateProductTypeRoute;

const updateProductType: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  renameProductType(params.id, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(updateProductType);
