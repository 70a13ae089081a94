import middy from '@middy/core';
import { preferencesRemoveFilterRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, removeFilter as deleteFilter } from '#data';

const route = preferencesRemoveFilterRoute;

/** Only one of the caller's own filters; any other id is not found. */
const removeFilter: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  await deleteFilter(caller.userId, params.id, actorOf(caller));
  return { ok: true as const };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(removeFilter);
