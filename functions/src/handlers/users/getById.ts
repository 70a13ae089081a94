import middy from '@middy/core';
import { seesFullProfile, usersGetByIdRoute } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getUser, toSummary, toUser } from '#data';

const route = usersGetByIdRoute;

const getById: RouteHandler<typeof route> = async ({ input, caller }) => {
  const user = await getUser(input.params.id);
  if (!user) throw new NotFoundError('User not found');
  return seesFullProfile(caller, user.id) ? toUser(user) : toSummary(user);
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getById);
