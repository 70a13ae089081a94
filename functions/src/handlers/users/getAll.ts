import middy from '@middy/core';
import { seesFullProfile, usersGetAllRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listUsers, toSummary, toUser } from '#data';

const route = usersGetAllRoute;

const getAll: RouteHandler<typeof route> = async ({ caller }) => {
  const users = await listUsers();
  return { res: users.map((u) => (seesFullProfile(caller, u.id) ? toUser(u) : toSummary(u))) };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
