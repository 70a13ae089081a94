import middy from '@middy/core';
import { returnsNewRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createReturn, seesReturnPrices } from '#data';

const route = returnsNewRoute;

/** Makes a return and its credit note. An `Idempotency-Key` header makes a retried POST answer the first one. */
const createNew: RouteHandler<typeof route> = async ({ input: { body }, caller, headers }) => {
  const idempotencyKey = headers?.['idempotency-key']?.trim().slice(0, 200);
  return createReturn(body, actorOf(caller), {
    withPrices: seesReturnPrices(caller.roles),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(createNew);
