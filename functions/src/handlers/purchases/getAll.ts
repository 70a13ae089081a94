import middy from '@middy/core';
import { purchasesGetAllRoute, redactPurchaseOrderCosts } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listPurchaseOrders } from '#data';

const route = purchasesGetAllRoute;

const getAll: RouteHandler<typeof route> = async ({ input: { query }, caller }) =>
  (await listPurchaseOrders(query)).map((order) => redactPurchaseOrderCosts(order, caller.roles));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
