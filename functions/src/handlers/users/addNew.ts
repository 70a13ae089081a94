import middy from '@middy/core';
import { usersAddNewRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { createUser, identity, toUser } from '#data';
import { logger } from '#logger';

const route = usersAddNewRoute;

/** Creates the Cognito user first (it owns the sub), then the profile; undoes the Cognito user if the profile fails. */
const addNew: RouteHandler<typeof route> = async ({ input: { body }, caller }) => {
  const password = body.temporaryPassword ?? identity.temporaryPassword();
  const { sub, username } = await identity.createIdentity({ ...body, roles: body.role, temporaryPassword: password });
  try {
    const user = await createUser(
      {
        id: sub,
        username,
        name: body.name,
        email: body.email,
        role: body.role,
        ...(body.title ? { title: body.title } : {}),
      },
      { ...caller, name: caller.name ?? caller.email },
    );
    return { user: toUser(user), temporaryPassword: password };
  } catch (error) {
    await identity
      .deleteIdentity(username)
      .catch((undo) => logger.error('Could not undo the Cognito user', { undo, username }));
    throw error;
  }
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(addNew);
