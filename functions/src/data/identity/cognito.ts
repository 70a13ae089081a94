import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@bo/shared';
import { BadRequestError, ConflictError, NotFoundError } from '../../domain';
import { config } from '../../config';
import { logger } from '../../logger';
import { cognitoClient } from './client';

/** Cognito users and groups: the sign-in side of a user. Groups are the roles. */

const translate = (error: unknown): never => {
  const name = (error as { name?: string }).name;
  const message = (error as { message?: string }).message ?? 'The identity service refused the request';
  if (name === 'UsernameExistsException') throw new ConflictError('A user with this email already exists');
  if (name === 'AliasExistsException') throw new ConflictError('Another user already uses this email');
  if (name === 'UserNotFoundException') throw new NotFoundError('No sign-in account exists for this user');
  if (name === 'InvalidPasswordException' || name === 'InvalidParameterException') throw new BadRequestError(message);
  throw error;
};

const call = async <T>(send: () => Promise<T>): Promise<T> => {
  try {
    return await send();
  } catch (error) {
    return translate(error);
  }
};

export async function createIdentity(input: {
  email: string;
  name: string;
  roles: readonly Role[];
  temporaryPassword: string;
}) {
  const UserPoolId = config.userPoolId;
  const created = await call(() =>
    cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: input.email,
        TemporaryPassword: input.temporaryPassword,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: input.name },
        ],
      }),
    ),
  );
  const attrs = created.User?.Attributes ?? [];
  const sub = attrs.find((a) => a.Name === 'sub')?.Value;
  const username = created.User?.Username;
  if (!sub || !username) throw new Error('The identity service created a user without a sub');
  await setRoles(username, [], input.roles);
  return { sub, username };
}

export async function setRoles(username: string, before: readonly Role[], after: readonly Role[]) {
  const UserPoolId = config.userPoolId;
  for (const GroupName of after.filter((r) => !before.includes(r)))
    await call(() =>
      cognitoClient().send(new AdminAddUserToGroupCommand({ UserPoolId, Username: username, GroupName })),
    );
  for (const GroupName of before.filter((r) => !after.includes(r)))
    await call(() =>
      cognitoClient().send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: username, GroupName })),
    );
}

export const setEmail = (username: string, email: string) =>
  call(() =>
    cognitoClient().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: config.userPoolId,
        Username: username,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    ),
  );

export const setPassword = (username: string, password: string) =>
  call(() =>
    cognitoClient().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: config.userPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    ),
  );

/** The ids (`sub`) of the sign-in accounts with this email: Cognito decides sign-in, so it is asked, not the profiles. */
export async function idsWithEmail(email: string): Promise<string[]> {
  const found = await call(() =>
    cognitoClient().send(
      new ListUsersCommand({ UserPoolId: config.userPoolId, Filter: `email = "${email.replace(/["\\]/g, '\\$&')}"` }),
    ),
  );
  return (found.Users ?? []).flatMap((u) => u.Attributes?.filter((a) => a.Name === 'sub').map((a) => a.Value!) ?? []);
}

/** What Cognito answers to a wrong password: NotAuthorized (AWS), InvalidPassword (cognito-local). */
const WRONG_PASSWORD = new Set(['NotAuthorizedException', 'InvalidPasswordException']);

/**
 * Whether `password` is the user's current one: a sign-in with it through the web client's own flow
 * (USER_PASSWORD_AUTH), so no extra grant is needed and Cognito's lockout after repeated failures applies.
 * A correct password that must be changed first (a challenge) is still correct.
 */
export async function checkPassword(username: string, password: string): Promise<boolean> {
  try {
    await cognitoClient().send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    return true;
  } catch (error) {
    if (WRONG_PASSWORD.has((error as { name?: string }).name ?? '')) return false;
    return translate(error);
  }
}

export const deleteIdentity = (username: string) =>
  call(() => cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: username })));

/** Cognito refuses the user's sign-in (and token refresh) until enabled again. */
export const disableIdentity = (username: string) =>
  call(() => cognitoClient().send(new AdminDisableUserCommand({ UserPoolId: config.userPoolId, Username: username })));

export const enableIdentity = (username: string) =>
  call(() => cognitoClient().send(new AdminEnableUserCommand({ UserPoolId: config.userPoolId, Username: username })));

/** How cognito-local (the local stack's emulator) answers an operation it does not implement. */
const isUnsupportedLocally = (error: unknown) =>
  /^Cognito Local unsupported feature/.test((error as { message?: string }).message ?? '');

/**
 * Signs the user out of every device: Cognito revokes their refresh tokens, so no session outlives its
 * current tokens (which the API's caller-state check refuses on its own, see functions/src/http/caller-state.ts).
 * An account already gone has no sessions. cognito-local has no AdminUserGlobalSignOut: locally the refresh
 * tokens stay valid and the API's check is the only guard, which is logged rather than failing the request.
 */
export async function signOutEverywhere(username: string): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: config.userPoolId, Username: username }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return;
    if (isUnsupportedLocally(error)) {
      logger.warn('The identity service cannot sign a user out everywhere; the API check alone ends their access', {
        username,
      });
      return;
    }
    translate(error);
  }
}
