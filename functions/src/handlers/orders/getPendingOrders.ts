import middy from '@middy/core';
import { ordersGetPendingOrdersRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listPendingOrders } from '#data';

const route = ordersGetPendingOrdersRoute;

const getPendingOrders: RouteHandler<typeof route> = async () => listPendingOrders();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getPendingOrders);
