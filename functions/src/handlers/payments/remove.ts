import middy from '@middy/core';
import { paymentsRemoveRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, voidPayment } from '#data';

const route = paymentsRemoveRoute;

/** Voids a payment (ADMIN): its effects reversed in one transaction, the record kept and marked void. */
const remove: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  voidPayment(params.id, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(remove);
