import middy from '@middy/core';
import { purchasesGetByIdRoute, redactPurchaseOrderCosts } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getPurchaseOrder } from '#data';

const route = purchasesGetByIdRoute;

/** By id or by purchase-order number, as `res` (spec section 7). */
const getById: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const order = await getPurchaseOrder(params.id);
  if (!order) throw new NotFoundError('Purchase order not found');
  return { res: redactPurchaseOrderCosts(order, caller.roles) };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getById);
