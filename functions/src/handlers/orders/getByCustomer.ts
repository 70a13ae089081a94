import middy from '@middy/core';
import { routes } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { customerNotFound, getCustomerItem, listOrdersOfCustomer } from '#data';

const route = routes['orders.getByCustomer'];

/** 404 for an unknown customer. */
const getByCustomer: RouteHandler<typeof route> = async ({ input: { params, query } }) => {
  const [customer, orders] = await Promise.all([
    getCustomerItem(params.customerId),
    listOrdersOfCustomer(params.customerId, query),
  ]);
  if (!customer) throw customerNotFound();
  return orders;
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByCustomer);
