import middy from '@middy/core';
import { customersCopyCustomPricingRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, copyPrices } from '#data';

const route = customersCopyCustomPricingRoute;

/** Merges every price of `fromId` into `toId` (same products overwritten, others kept). */
const copyCustomPricing: RouteHandler<typeof route> = async ({ input: { params }, caller }) => ({
  updated: await copyPrices(params.fromId, params.toId, actorOf(caller)),
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(copyCustomPricing);
