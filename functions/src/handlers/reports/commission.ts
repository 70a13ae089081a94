import middy from '@middy/core';
import { reportsCommissionRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as reports from '#data/reports';

const route = reportsCommissionRoute;

const commission: RouteHandler<typeof route> = async ({ input: { query } }) => reports.readCommissionReport(query.year);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(commission);
