import middy from '@middy/core';
import { usersUpdatePasswordRoute } from '@bo/shared';
import { api, ForbiddenError, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getUser, identity, recordPasswordChange } from '#data';

const route = usersUpdatePasswordRoute;

const updatePassword: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => {
  if (!caller.isAdmin && caller.userId !== params.id) throw new ForbiddenError('You can only change your own password');
  const user = await getUser(params.id);
  if (!user) throw new NotFoundError('User not found');
  await identity.setPassword(user.username, body.password);
  await recordPasswordChange(user.id, { ...caller, name: caller.name ?? caller.email });
  return { ok: true as const };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(updatePassword);
