import middy from '@middy/core';
import { usersRemoveRoute } from '@bo/shared';
import { api, ConflictError, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { deleteUser, getUser, identity } from '#data';

const route = usersRemoveRoute;

const remove: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  if (params.id === caller.userId) throw new ConflictError('You cannot delete your own account');
  const user = await getUser(params.id);
  if (!user) throw new NotFoundError('User not found');
  await identity.signOutEverywhere(user.username);
  await identity.deleteIdentity(user.username).catch((error: unknown) => {
    if (!(error instanceof NotFoundError)) throw error;
  });
  await deleteUser(user, { ...caller, name: caller.name ?? caller.email });
  return { ok: true as const };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(remove);
