import middy from '@middy/core';
import { productsAddNewRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createProduct } from '#data';

const route = productsAddNewRoute;

/** The SKU is assigned by the server (brand code, type code, sequence); the body has none. */
const addNew: RouteHandler<typeof route> = async ({ input: { body }, caller }) => createProduct(body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(addNew);
