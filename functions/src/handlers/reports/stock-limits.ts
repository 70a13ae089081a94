import middy from '@middy/core';
import { reportsStockLimitsRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as reports from '#data/reports';

const route = reportsStockLimitsRoute;

/** Every brand, type and weight limit against the stock on hand, the fullest first. */
const stockLimits: RouteHandler<typeof route> = async () => reports.readStockLimits();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(stockLimits);
