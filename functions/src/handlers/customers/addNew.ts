import middy from '@middy/core';
import { customersAddNewRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createCustomer } from '#data';

const route = customersAddNewRoute;

/** Name required; EMAIL, RETAIL, DELIVERY and priceAdjustment 0 by default; credit starts at 0. */
const addNew: RouteHandler<typeof route> = async ({ input: { body }, caller }) => createCustomer(body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(addNew);
