import middy from '@middy/core';
import { purchasesUpdateRoute, redactPurchaseOrderCosts } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updatePurchaseOrder } from '#data';

const route = purchasesUpdateRoute;

const update: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  redactPurchaseOrderCosts(await updatePurchaseOrder(params.id, body, actorOf(caller)), caller.roles);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(update);
