import middy from '@middy/core';
import { payrollSubmitRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, submitPeriod } from '#data';

const route = payrollSubmitRoute;

/** Saves the rows given and locks the period, in one transaction. */
const submit: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  submitPeriod(params, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(submit);
