import middy from '@middy/core';
import { returnsGetByOrderRoute } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { listReturnsOfOrder, seesReturnPrices } from '#data';

const route = returnsGetByOrderRoute;

/** An order's returns (by id or number), oldest first. */
const getByOrder: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const found = await listReturnsOfOrder(params.orderId, seesReturnPrices(caller.roles));
  if (!found) throw new NotFoundError('Order not found');
  return found;
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByOrder);
