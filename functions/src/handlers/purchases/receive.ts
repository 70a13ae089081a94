import middy from '@middy/core';
import { purchasesReceiveRoute, redactPurchaseOrderCosts } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, receivePurchaseOrder } from '#data';

const route = purchasesReceiveRoute;

/** Receives the named lines, or every unstocked one; a second receive is a 409 'Already received'. */
const receive: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  redactPurchaseOrderCosts(await receivePurchaseOrder(params.id, body.productSkus, actorOf(caller)), caller.roles);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(receive);
