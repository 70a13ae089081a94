import middy from '@middy/core';
import { productsAddBatchRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, addBatch as createBatch } from '#data';

const route = productsAddBatchRoute;

const addBatch: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  createBatch(params.productId, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(addBatch);
