import middy from '@middy/core';
import { purchasesNewRoute, redactPurchaseOrderCosts } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createPurchaseOrder } from '#data';

const route = purchasesNewRoute;

/** Submit or Save as draft. An `Idempotency-Key` header makes a retried POST return the first order. */
const createNew: RouteHandler<typeof route> = async ({ input: { body }, caller, headers }) => {
  const idempotencyKey = headers?.['idempotency-key']?.trim().slice(0, 200);
  const order = await createPurchaseOrder(body, actorOf(caller), idempotencyKey ? { idempotencyKey } : {});
  return redactPurchaseOrderCosts(order, caller.roles);
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(createNew);
