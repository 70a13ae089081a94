import middy from '@middy/core';
import { canReadOrder, paymentStatusRefusal, statusChangeRefusal, ordersSetStatusRoute } from '@bo/shared';
import { api, BadRequestError, ForbiddenError, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, getOrderHeader, updateOrder } from '#data';

const route = ordersSetStatusRoute;

/**
 * Status only: each caller sets the statuses `settableStatuses` gives them on this order (rules/orders/access);
 * a payment status named is refused unless it is the one the order earns (issue 23).
 */
const setStatus: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => {
  const order = await getOrderHeader(params.id);
  if (!order || !canReadOrder(caller, order)) throw new NotFoundError('Order not found');
  const refusal = statusChangeRefusal(caller, order, body);
  if (refusal) throw new ForbiddenError(refusal);
  const unearned = paymentStatusRefusal(order, body);
  if (unearned) throw new BadRequestError(unearned);
  return updateOrder(order.id, body, actorOf(caller));
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(setStatus);
