import middy from '@middy/core';
import { canReadOrder, statusChangeRefusal, ordersSetStatusRoute } from '@bo/shared';
import { api, ForbiddenError, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, getOrderHeader, updateOrder } from '#data';

const route = ordersSetStatusRoute;

/** Status only: each caller sets the statuses `settableStatuses` gives them on this order (rules/orders/access). */
const setStatus: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => {
  const order = await getOrderHeader(params.id);
  if (!order || !canReadOrder(caller, order)) throw new NotFoundError('Order not found');
  const refusal = statusChangeRefusal(caller, order, body);
  if (refusal) throw new ForbiddenError(refusal);
  return updateOrder(order.id, body, actorOf(caller));
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(setStatus);
