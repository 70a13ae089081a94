import middy from '@middy/core';
import { brandsUpdateWeightStockLimitRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, setStockLimit } from '#data';

const route = brandsUpdateWeightStockLimitRoute;

const updateWeightStockLimit: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  setStockLimit(params.brandId, { typeId: params.typeId, weight: params.weight }, body.maxStock, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(updateWeightStockLimit);
