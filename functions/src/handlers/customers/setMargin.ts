import middy from '@middy/core';
import { customersSetMarginRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, setFixedPrices, setMargin } from '#data';

const route = customersSetMarginRoute;

/**
 * Applies a previewed margin: 403 for a cost basis without cost access, 409 if the preview is stale. The
 * spec's form (new prices without a rule) sets them as fixed prices.
 */
const setMarginHandler: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => {
  const { rule, scope, prices } = body;
  return {
    updated:
      rule && scope
        ? await setMargin(params.customerId, { rule, scope, prices }, actorOf(caller))
        : await setFixedPrices(params.customerId, prices, actorOf(caller)),
  };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(setMarginHandler);
