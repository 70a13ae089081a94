import middy from '@middy/core';
import { ordersGetPendingOutboundStockRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { pendingOutboundOf } from '#data';

const route = ordersGetPendingOutboundStockRoute;

const getPendingOutboundStock: RouteHandler<typeof route> = async ({ input: { params } }) =>
  pendingOutboundOf(params.sku);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getPendingOutboundStock);
