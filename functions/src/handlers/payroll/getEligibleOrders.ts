import middy from '@middy/core';
import { payrollGetEligibleOrdersRoute, readsCommissionOf } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { listEligibleOrders } from '#data';

const route = payrollGetEligibleOrdersRoute;

/** Another user's orders are a 404 unless the caller is PAYROLL or ADMIN. */
const getEligible: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const { userId, period, year, month } = params;
  if (!readsCommissionOf(caller, userId)) throw new NotFoundError('User not found');
  return listEligibleOrders({ year, month, payPeriod: period }, userId);
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getEligible);
