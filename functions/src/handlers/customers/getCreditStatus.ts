import middy from '@middy/core';
import { customersGetCreditStatusRoute } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getCreditStatus, getCustomerItem } from '#data';

const route = customersGetCreditStatusRoute;

/** The customer's limit, terms, what they owe and their oldest unpaid order: New Order's hold preview. */
const creditStatus: RouteHandler<typeof route> = async ({ input: { params } }) => {
  const customer = await getCustomerItem(params.customerId, { consistent: true });
  if (!customer) throw new NotFoundError('Customer not found');
  return getCreditStatus(customer);
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(creditStatus);
