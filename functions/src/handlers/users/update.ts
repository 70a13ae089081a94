import middy from '@middy/core';
import { changedUserFields, checkUserChanges, checkUserEdit, EMAIL_TAKEN, usersUpdateRoute } from '@bo/shared';
import { api, ConflictError, ForbiddenError, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { checkAssignments, getUser, identity, toUser, updateUser } from '#data';
import { logger } from '#logger';

const route = usersUpdateRoute;

/**
 * Only an admin changes an email, and never to one another account signs in with (409, asked of Cognito; in
 * AWS the pool also refuses it atomically as AliasExists). Assigned brands and customers must exist (checked
 * before anything is written). Cognito (email, groups) is changed first because it decides sign-in and roles;
 * if the profile transaction then fails, the Cognito change is put back so the two never disagree for long.
 * A role change signs the user out everywhere, so their next session carries the roles they now hold.
 */
const update: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => {
  const verdict = checkUserEdit(caller, params.id, body);
  if (!verdict.ok) throw new ForbiddenError(verdict.reason);
  const before = await getUser(params.id);
  if (!before) throw new NotFoundError('User not found');
  const changes = changedUserFields(before, body);
  if (Object.keys(changes).length === 0) return toUser(before);
  const allowed = checkUserChanges(caller, changes);
  if (!allowed.ok) throw new ForbiddenError(allowed.reason);
  if (changes.role && caller.userId === before.id && before.role.includes('ADMIN') && !changes.role.includes('ADMIN'))
    throw new ConflictError('You cannot remove your own admin role; ask another admin');
  await checkAssignments(before, changes);
  if (changes.email && (await identity.idsWithEmail(changes.email)).some((id) => id !== before.id))
    throw new ConflictError(EMAIL_TAKEN);

  if (changes.email) await identity.setEmail(before.username, changes.email);
  if (changes.role) await identity.setRoles(before.username, before.role, changes.role);
  let updated;
  try {
    updated = await updateUser(before, changes, { ...caller, name: caller.name ?? caller.email });
  } catch (error) {
    await Promise.all([
      changes.email ? identity.setEmail(before.username, before.email) : undefined,
      changes.role ? identity.setRoles(before.username, changes.role, before.role) : undefined,
    ]).catch((undo) => logger.error('Could not undo the Cognito change', { undo, userId: before.id }));
    throw error;
  }
  // Their tokens still name the old groups: the API goes by the profile, and their next sign-in gets the new
  // ones. An admin adding a role to themself (they cannot drop their own ADMIN) stays signed in.
  if (changes.role && before.id !== caller.userId) await identity.signOutEverywhere(before.username);
  return toUser(updated);
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(update);
