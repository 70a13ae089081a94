import middy from '@middy/core';
import { routes } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listOrdersOfCustomer } from '#data';

const route = routes['orders.getByCustomer'];

const getByCustomer: RouteHandler<typeof route> = async ({ input: { params, query } }) =>
  listOrdersOfCustomer(params.customerId, query);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByCustomer);
