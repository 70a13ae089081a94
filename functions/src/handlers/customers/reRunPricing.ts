import middy from '@middy/core';
import { customersReRunPricingRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { reRunPricing } from '#data';

const route = customersReRunPricingRoute;

/** The customer's pending price updates, computed now with the refresh formula. */
const reRun: RouteHandler<typeof route> = async ({ input: { params } }) => reRunPricing(params.customerId);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(reRun);
