import middy from '@middy/core';
import { payrollDeleteRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, deletePeriod } from '#data';

const route = payrollDeleteRoute;

/** Deletes a draft period and releases its paid orders; a submitted one is a 409. */
const remove: RouteHandler<typeof route> = async ({ input: { params }, caller }) =>
  deletePeriod(params, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(remove);
