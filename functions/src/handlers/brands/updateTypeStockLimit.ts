import middy from '@middy/core';
import { brandsUpdateTypeStockLimitRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, setStockLimit } from '#data';

const route = brandsUpdateTypeStockLimitRoute;

const updateTypeStockLimit: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  setStockLimit(params.brandId, { typeId: params.typeId }, body.maxStock, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(updateTypeStockLimit);
