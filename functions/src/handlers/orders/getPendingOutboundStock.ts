import middy from '@middy/core';
import { ordersGetPendingOutboundStockRoute, pendingOutboundFor } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { pendingOutboundOf } from '#data';

const route = ordersGetPendingOutboundStockRoute;

/** The open orders holding a SKU; customer names only for the roles that read sales orders. */
const getPendingOutboundStock: RouteHandler<typeof route> = async ({ input: { params }, caller }) =>
  pendingOutboundFor(caller, await pendingOutboundOf(params.sku));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getPendingOutboundStock);
