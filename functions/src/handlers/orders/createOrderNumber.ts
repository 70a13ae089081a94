import middy from '@middy/core';
import { orderRoutes } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { takeOrderNumber } from '#data';

const route = orderRoutes['orders.createOrderNumber'];

const createOrderNumber: RouteHandler<typeof route> = async () => ({ orderNum: await takeOrderNumber() });

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(createOrderNumber);
