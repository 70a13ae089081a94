import middy from '@middy/core';
import { brandsUpdateBrandStockLimitRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, setStockLimit } from '#data';

const route = brandsUpdateBrandStockLimitRoute;

const updateBrandStockLimit: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  setStockLimit(params.brandId, {}, body.maxBrandStock, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(updateBrandStockLimit);
