import middy from '@middy/core';
import { payrollGetDraftPaidOrdersRoute, readsCommissionOf } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getDraftPaidOrders } from '#data';

const route = payrollGetDraftPaidOrdersRoute;

/** Another user's commission is a 404 unless the caller is PAYROLL or ADMIN. */
const getDrafts: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const { userId, period, year, month } = params;
  if (!readsCommissionOf(caller, userId)) throw new NotFoundError('User not found');
  return getDraftPaidOrders({ year, month, payPeriod: period }, userId);
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getDrafts);
