import middy from '@middy/core';
import { returnsGetAllRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listReturns, seesReturnPrices } from '#data';

const route = returnsGetAllRoute;

/** Returns made in a range of days, newest first. */
const getAll: RouteHandler<typeof route> = async ({ input: { query }, caller }) =>
  listReturns(query, seesReturnPrices(caller.roles));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
