import middy from '@middy/core';
import { isPaidOrdersBody, payrollUpdateRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, savePaidOrders, saveRow } from '#data';

const route = payrollUpdateRoute;

/** `{ paidOrders }` saves the user's commission orders; any other body is the user's row. */
const update: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => {
  const { userId, ...ref } = params;
  return isPaidOrdersBody(body)
    ? savePaidOrders(ref, userId, body, actorOf(caller))
    : saveRow(ref, userId, body, actorOf(caller));
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(update);
