import middy from '@middy/core';
import { customersGetAllOrdersRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listOrdersOfKnownCustomer } from '#data';

const route = customersGetAllOrdersRoute;

/** A customer's orders as `res` (spec section 7), newest first, without lines; 404 for an unknown customer. */
const getAllOrders: RouteHandler<typeof route> = async ({ input: { params, query } }) => ({
  res: await listOrdersOfKnownCustomer(params.customerId, query),
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAllOrders);
