import middy from '@middy/core';
import { deliveriesMyDayRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { deliveryToday, driverDay } from '#data';

const route = deliveriesMyDayRoute;

/** The caller's stops of the day (default today, UTC) in their route order, collections and summary. */
const myDay: RouteHandler<typeof route> = async ({ input: { query }, caller }) =>
  driverDay(caller.userId, query.day ?? deliveryToday());

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(myDay);
