import middy from '@middy/core';
import { reportsPurchasesRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as reports from '#data/reports';

const route = reportsPurchasesRoute;

/** The purchasing report; spend is a cost, so INVENTORY gets it without (the API's redaction). */
const purchases: RouteHandler<typeof route> = async ({ input: { query } }) => reports.readPurchasesReport(query);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(purchases);
