import middy from '@middy/core';
import { canReadOrder, deliveriesGetByOrderRoute } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getOrderHeader, notYourStop, orderDeliveries } from '#data';

const route = deliveriesGetByOrderRoute;

/** An order's delivery records and collections: for the order's readers, and a driver for their own stops. */
const getByOrder: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const order = await getOrderHeader(params.orderId);
  if (!order) throw new NotFoundError('Order not found');
  if (!canReadOrder(caller, order)) throw notYourStop();
  return orderDeliveries(order.id);
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByOrder);
