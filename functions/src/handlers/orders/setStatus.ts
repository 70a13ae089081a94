import middy from '@middy/core';
import { orderRoutes } from '@bo/shared';
import { api, driverOnly, ForbiddenError, NotFoundError, readableBy, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, getOrderHeader, updateOrder } from '#data';

const route = orderRoutes['orders.setStatus'];

/** Status only. A caller who is only a driver may mark their own deliveries DELIVERED, nothing else. */
const setStatus: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => {
  const order = await getOrderHeader(params.id);
  if (!order || !readableBy(order, caller)) throw new NotFoundError('Order not found');
  if (driverOnly(caller) && (body.orderStatus !== 'DELIVERED' || body.paymentStatus !== undefined))
    throw new ForbiddenError('A driver can only mark a delivery DELIVERED');
  return updateOrder(order.id, body, actorOf(caller));
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(setStatus);
