import middy from '@middy/core';
import { purchasesNewRoute, redactPurchaseOrderCosts } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createPurchaseOrder } from '#data';

const route = purchasesNewRoute;

const createNew: RouteHandler<typeof route> = async ({ input: { body }, caller }) =>
  redactPurchaseOrderCosts(await createPurchaseOrder(body, actorOf(caller)), caller.roles);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(createNew);
