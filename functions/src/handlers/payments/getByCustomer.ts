import middy from '@middy/core';
import { paymentsGetByCustomerRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listPaymentsOfCustomer } from '#data';

const route = paymentsGetByCustomerRoute;

/** 404 for an unknown customer. */
const getByCustomer: RouteHandler<typeof route> = async ({ input: { params } }) =>
  listPaymentsOfCustomer(params.customerId);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByCustomer);
