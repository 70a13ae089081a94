import middy from '@middy/core';
import { customersUpdateRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, updateCustomer } from '#data';

const route = customersUpdateRoute;

/** Changed fields, creditAvailable included (editable only when editing). */
const update: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  updateCustomer(params.id, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(update);
