import middy from '@middy/core';
import { productsGetByTypeIDForCustomerRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listProductsForCustomer } from '#data';

const route = productsGetByTypeIDForCustomerRoute;

/** A product type's products (one GSI Query) with the customer's price merged in as `customPrice`. */
const getByTypeIDForCustomer: RouteHandler<typeof route> = async ({ input: { params } }) =>
  listProductsForCustomer({ typeId: params.typeId }, params.customerId);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByTypeIDForCustomer);
