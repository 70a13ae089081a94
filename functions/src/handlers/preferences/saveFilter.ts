import middy from '@middy/core';
import { preferencesSaveFilterRoute } from '@bo/shared';
import { api, ForbiddenError, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, saveFilter as storeFilter } from '#data';

const route = preferencesSaveFilterRoute;

/** For oneself; an ADMIN may save for anyone. */
const saveFilter: RouteHandler<typeof route> = async ({ input: { body }, caller }) => {
  if (body.userId !== caller.userId && !caller.isAdmin)
    throw new ForbiddenError('You can only save filters for yourself');
  return storeFilter(body.userId, body.filterData, actorOf(caller));
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(saveFilter);
