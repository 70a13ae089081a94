import middy from '@middy/core';
import { redactCustomPrice, customersGetCustomPricingRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listCustomPrices } from '#data';

const route = customersGetCustomPricingRoute;

/** The customer's prices in one Query (cost-based margins redacted for roles that may not see costs). */
const getCustomPricing: RouteHandler<typeof route> = async ({ input: { params }, caller }) =>
  (await listCustomPrices(params.id)).map((p) => redactCustomPrice(p, caller.roles));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getCustomPricing);
