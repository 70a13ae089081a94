import middy from '@middy/core';
import { reportsInventoryValuationRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as reports from '#data/reports';

const route = reportsInventoryValuationRoute;

/** What the stock is worth, now or at a past month's end; the value is a cost, so INVENTORY gets it without. */
const inventoryValuation: RouteHandler<typeof route> = async ({ input: { query } }) =>
  reports.readInventoryValuation(query);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(inventoryValuation);
