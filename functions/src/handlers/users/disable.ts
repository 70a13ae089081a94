import middy from '@middy/core';
import { userStatusRefusal, usersDisableRoute } from '@bo/shared';
import { api, ConflictError, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getUser, identity, setUserStatus, toUser } from '#data';

const route = usersDisableRoute;

/**
 * The profile first: it is what the API checks on every request (caller-state.ts), so if Cognito then fails
 * the user is already refused, and the admin's retry (the profile already DISABLED) redoes the Cognito part.
 * Cognito then refuses new sign-ins, and signing out everywhere revokes the refresh tokens.
 */
const disable: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const refusal = userStatusRefusal(caller, params.id, 'DISABLED');
  if (refusal) throw new ConflictError(refusal);
  const before = await getUser(params.id);
  if (!before) throw new NotFoundError('User not found');
  const user = await setUserStatus(before, 'DISABLED', { ...caller, name: caller.name ?? caller.email });
  await identity.disableIdentity(user.username);
  await identity.signOutEverywhere(user.username);
  return toUser(user);
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(disable);
