import middy from '@middy/core';
import { ordersGetByWeekRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listOrdersBetween } from '#data';

const route = ordersGetByWeekRoute;

const getByWeek: RouteHandler<typeof route> = async ({ input: { params } }) =>
  listOrdersBetween(params.fromISO, params.toISO);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByWeek);
