import middy from '@middy/core';
import { reportsSlowMoversRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as reports from '#data/reports';

const route = reportsSlowMoversRoute;

/** Products in stock with no sale in `days` days; their value is a cost, so INVENTORY gets it without. */
const slowMovers: RouteHandler<typeof route> = async ({ input: { query } }) => reports.readSlowMovers(query);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(slowMovers);
