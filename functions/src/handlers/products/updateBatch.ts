import middy from '@middy/core';
import { productsUpdateBatchRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updateBatch as patchBatch } from '#data';

const route = productsUpdateBatchRoute;

const updateBatch: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  patchBatch(params.productId, params.batchId, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(updateBatch);
