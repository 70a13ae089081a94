import middy from '@middy/core';
import { productsUpdateRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updateProduct } from '#data';

const route = productsUpdateRoute;

/** Fields, `hideFromCatalog` alone, or `stock` with `notes` (a stock adjustment, audited with its note). */
const update: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  updateProduct(params.id, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(update);
