import middy from '@middy/core';
import { returnsConfirmRestockRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, confirmRestock, seesReturnPrices } from '#data';

const route = returnsConfirmRestockRoute;

/** INVENTORY confirms a return's restocked units are back on the shelf. */
const confirm: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  confirmRestock(params.id, body, actorOf(caller), seesReturnPrices(caller.roles));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(confirm);
