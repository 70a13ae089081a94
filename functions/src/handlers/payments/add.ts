import middy from '@middy/core';
import { paymentsAddRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, recordPayment } from '#data';

const route = paymentsAddRoute;

/** Records and applies a payment. An `Idempotency-Key` header makes a retried POST answer the first payment. */
const add: RouteHandler<typeof route> = async ({ input: { params, body }, caller, headers }) => {
  const idempotencyKey = headers?.['idempotency-key']?.trim().slice(0, 200);
  return recordPayment(params.customerId, body, actorOf(caller), idempotencyKey ? { idempotencyKey } : {});
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(add);
