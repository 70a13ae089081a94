import middy from '@middy/core';
import { reportsReceivablesRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as reports from '#data/reports';

const route = reportsReceivablesRoute;

/** The receivables report: ageing today and DSO by month (ADMIN). */
const receivables: RouteHandler<typeof route> = async ({ input: { query } }) => reports.readReceivablesReport(query);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(receivables);
