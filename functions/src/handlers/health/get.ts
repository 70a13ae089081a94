import middy from '@middy/core';
import { healthRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { getUser } from '#data';

const route = healthRoute;

const health: RouteHandler<typeof route> = async ({ caller }) => {
  await getUser(caller.userId);
  return { ok: true, userId: caller.userId, roles: caller.roles, time: new Date().toISOString() };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(health);
