import middy from '@middy/core';
import { customersUpdateBulkCustomPricingRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, applyPricingUpdates } from '#data';

const route = customersUpdateBulkCustomPricingRoute;

/** Applies refresh updates (either body form); each price keeps how it was set and records today's reference. */
const updateBulk: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => ({
  updated: await applyPricingUpdates(params.customerId, body, actorOf(caller)),
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(updateBulk);
