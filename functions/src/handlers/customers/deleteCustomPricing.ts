import middy from '@middy/core';
import { customersDeleteCustomPricingRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, deletePrices } from '#data';

const route = customersDeleteCustomPricingRoute;

/** Removes the price of `productId` or of each of `productIds`. */
const deleteCustomPricing: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => ({
  updated: await deletePrices(
    params.customerId,
    'productId' in body ? [body.productId] : body.productIds,
    actorOf(caller),
  ),
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(deleteCustomPricing);
