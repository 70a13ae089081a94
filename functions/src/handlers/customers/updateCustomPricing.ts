import middy from '@middy/core';
import { customersUpdateCustomPricingRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, setFixedPrice } from '#data';

const route = customersUpdateCustomPricingRoute;

/** One fixed price on the given products; unknown products are refused before anything is written. */
const updateCustomPricing: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => ({
  updated: await setFixedPrice(params.customerId, body.productIds, body.customPrice, actorOf(caller)),
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(updateCustomPricing);
