import middy from '@middy/core';
import { ordersCreateOrderNumberRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { takeOrderNumber } from '#data';

const route = ordersCreateOrderNumberRoute;

const createOrderNumber: RouteHandler<typeof route> = async () => ({ orderNum: await takeOrderNumber() });

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(createOrderNumber);
