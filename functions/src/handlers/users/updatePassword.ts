import middy from '@middy/core';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  passwordChangeOf,
  usersUpdatePasswordRoute,
} from '@bo/shared';
import { api, BadRequestError, ForbiddenError, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getUser, identity, recordPasswordChange } from '#data';

const route = usersUpdatePasswordRoute;

/**
 * One's own password needs the current one (checked by Cognito); an admin resets anyone else's without it, and
 * that reset signs the user out everywhere: Cognito revokes their refresh tokens, and the API refuses the tokens
 * of sign-ins before the reset (caller-state.ts).
 */
const updatePassword: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => {
  const change = passwordChangeOf(caller, params.id);
  if (!change.ok) throw new ForbiddenError(change.reason);
  const user = await getUser(params.id);
  if (!user) throw new NotFoundError('User not found');
  if (change.needsCurrent) {
    if (!body.currentPassword) throw new BadRequestError(CURRENT_PASSWORD_REQUIRED);
    if (!(await identity.checkPassword(user.username, body.currentPassword)))
      throw new ForbiddenError(CURRENT_PASSWORD_WRONG);
  }
  await identity.setPassword(user.username, body.password);
  const endSessions = !change.needsCurrent;
  await recordPasswordChange(user.id, { ...caller, name: caller.name ?? caller.email }, { endSessions });
  if (endSessions) await identity.signOutEverywhere(user.username);
  return { ok: true as const };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(updatePassword);
