import middy from '@middy/core';
import { ordersNewRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createOrder } from '#data';

const route = ordersNewRoute;

/** Submit or Save as draft. An `Idempotency-Key` header makes a retried POST return the first order. */
const createNew: RouteHandler<typeof route> = async ({ input: { body }, caller, headers }) => {
  const idempotencyKey = headers?.['idempotency-key']?.trim().slice(0, 200);
  return createOrder(body, actorOf(caller), idempotencyKey ? { idempotencyKey } : {});
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(createNew);
