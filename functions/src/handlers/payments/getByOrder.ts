import middy from '@middy/core';
import { paymentsGetByOrderRoute } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { listPaymentsOfOrder } from '#data';

const route = paymentsGetByOrderRoute;

/** By order id or order number; 404 for an unknown order. */
const getByOrder: RouteHandler<typeof route> = async ({ input: { params } }) => {
  const payments = await listPaymentsOfOrder(params.orderId);
  if (!payments) throw new NotFoundError('Order not found');
  return payments;
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByOrder);
