import middy from '@middy/core';
import { brandsRemoveRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, removeBrand } from '#data';

const route = brandsRemoveRoute;

/** 409 while the brand still has products; nothing is removed then. */
const remove: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  await removeBrand(params.id, actorOf(caller));
  return { ok: true as const };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(remove);
