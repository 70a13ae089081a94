import middy from '@middy/core';
import { canReadOrder, ordersGetByIDRoute } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getOrder } from '#data';

const route = ordersGetByIDRoute;

/** By id or by order number, as `res` (spec section 7); a driver reads only the deliveries assigned to them. */
const getByID: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const order = await getOrder(params.id);
  if (!order || !canReadOrder(caller, order)) throw new NotFoundError('Order not found');
  return { res: order };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByID);
