import middy from '@middy/core';
import { redactCustomPrice, customersGetByIDRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { getCustomerWithPricing } from '#data';

const route = customersGetByIDRoute;

/** The customer with its custom prices (cost-based margins redacted for roles that may not see costs). */
const getByID: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const customer = await getCustomerWithPricing(params.id);
  return { ...customer, customPricings: customer.customPricings.map((p) => redactCustomPrice(p, caller.roles)) };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByID);
