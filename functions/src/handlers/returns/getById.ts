import middy from '@middy/core';
import { returnsGetByIdRoute } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getReturn, seesReturnPrices } from '#data';

const route = returnsGetByIdRoute;

/** One return; INVENTORY gets it without prices. */
const getById: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const found = await getReturn(params.id, seesReturnPrices(caller.roles));
  if (!found) throw new NotFoundError('Return not found');
  return found;
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getById);
