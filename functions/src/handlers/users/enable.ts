import middy from '@middy/core';
import { usersEnableRoute } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getUser, identity, setUserStatus, toUser } from '#data';

const route = usersEnableRoute;

/**
 * Cognito first, the profile last: until the profile says ACTIVE the API still refuses the user, so a failure
 * in between leaves them disabled (never half enabled), and the admin's retry completes it.
 */
const enable: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const before = await getUser(params.id);
  if (!before) throw new NotFoundError('User not found');
  await identity.enableIdentity(before.username);
  return toUser(await setUserStatus(before, 'ACTIVE', { ...caller, name: caller.name ?? caller.email }));
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(enable);
