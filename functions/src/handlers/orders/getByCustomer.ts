import middy from '@middy/core';
import { ordersGetByCustomerRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listOrdersOfKnownCustomer } from '#data';

const route = ordersGetByCustomerRoute;

/** A customer's orders, newest first, without lines; 404 for an unknown customer. */
const getByCustomer: RouteHandler<typeof route> = async ({ input: { params, query } }) =>
  listOrdersOfKnownCustomer(params.customerId, query);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByCustomer);
