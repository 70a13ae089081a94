import middy from '@middy/core';
import { redactCustomPrice, customersGetAllWithCustomPricingRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listCustomersWithPriceItems, listUsers, toCustomer, toCustomPrice } from '#data';

const route = customersGetAllWithCustomPricingRoute;

/** Customers that have custom prices, each with its prices (cost-based margins redacted as in getByID). */
const getAllWithCustomPricing: RouteHandler<typeof route> = async ({ caller }) => {
  const [customers, users] = await Promise.all([listCustomersWithPriceItems(), listUsers()]);
  const names = new Map(users.map((u) => [u.id, { name: u.name }]));
  return {
    res: customers.map(({ customer, prices }) => ({
      ...toCustomer(customer, customer.accountOwnerID ? names.get(customer.accountOwnerID) : undefined),
      customPricings: prices.map((p) => redactCustomPrice(toCustomPrice(p), caller.roles)),
    })),
  };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAllWithCustomPricing);
