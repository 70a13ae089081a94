import middy from '@middy/core';
import { returnsGetByCustomerRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listReturnsOfCustomer, seesReturnPrices } from '#data';

const route = returnsGetByCustomerRoute;

/** A customer's returns, newest first. */
const getByCustomer: RouteHandler<typeof route> = async ({ input: { params }, caller }) =>
  listReturnsOfCustomer(params.customerId, seesReturnPrices(caller.roles));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByCustomer);
