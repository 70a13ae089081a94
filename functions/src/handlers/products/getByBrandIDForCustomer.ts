import middy from '@middy/core';
import { productsGetByBrandIDForCustomerRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listProductsForCustomer } from '#data';

const route = productsGetByBrandIDForCustomerRoute;

/** A brand's products (one GSI Query) with the customer's price merged in as `customPrice`. */
const getByBrandIDForCustomer: RouteHandler<typeof route> = async ({ input: { params } }) =>
  listProductsForCustomer({ brandId: params.brandId }, params.customerId);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByBrandIDForCustomer);
