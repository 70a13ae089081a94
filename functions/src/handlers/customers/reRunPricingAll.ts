import middy from '@middy/core';
import { customersReRunPricingAllRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, allPricingUpdates } from '#data';

const route = customersReRunPricingAllRoute;

/** Every customer's pending updates: the stored snapshot, or computed now (and stored) with `?refresh=true`. */
const reRunAll: RouteHandler<typeof route> = async ({ input: { query }, caller }) =>
  allPricingUpdates(query.refresh === 'true', actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(reRunAll);
