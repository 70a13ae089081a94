import middy from '@middy/core';
import { payrollSubmitReimbursementsRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, saveReimbursements } from '#data';

const route = payrollSubmitReimbursementsRoute;

/** Replaces the user's reimbursements (the spec's list, or `{ reimbursements }`). */
const submitReimbursements: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => {
  const { userId, period, year, month } = params;
  const list = Array.isArray(body) ? body : body.reimbursements;
  return saveReimbursements({ year, month, payPeriod: period }, userId, list, actorOf(caller));
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(submitReimbursements);
