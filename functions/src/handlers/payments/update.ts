import middy from '@middy/core';
import { paymentsUpdateRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updatePayment } from '#data';

const route = paymentsUpdateRoute;

/** Reverses the payment's old effects and applies the new ones, in one transaction. */
const update: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  updatePayment(params.id, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(update);
