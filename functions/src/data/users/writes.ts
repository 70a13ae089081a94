import { diffChanges, USER_FIELD_LABELS, type UpdateUserBody, type UserStatus } from '@bo/shared';
import { type Actor, ConflictError, NotFoundError } from '../../domain';
import { put, transaction } from '../core';
import { changeEntry, changeLogEntity, logChange } from '../change-log';
import { userEntity } from './entity';
import { getUser } from './reads';
import { type UserRecord, sortRoles, toRecord } from './records';

const notFound = () => new NotFoundError('User not found');

export async function createUser(profile: Omit<UserRecord, 'createdAt' | 'modifiedOn' | 'status'>, by: Actor) {
  const now = new Date().toISOString();
  const item = { ...profile, status: 'ACTIVE' as const, createdAt: now, modifiedOn: now };
  const tx = transaction().put('user', userEntity, item, { ifAbsent: true });
  logChange(tx, {
    caller: by,
    entityType: 'user',
    entityId: profile.id,
    action: 'create',
    changes: diffChanges<UpdateUserBody>(undefined, profile, USER_FIELD_LABELS),
    at: now,
  });
  await tx.commit(() => new ConflictError('A profile with this id already exists'));
  return toRecord(item);
}

/** Applies the changed fields and writes their change-log entry in one transaction. */
export async function updateUser(before: UserRecord, changes: UpdateUserBody, by: Actor) {
  const fieldChanges = diffChanges<UpdateUserBody>(before, changes, USER_FIELD_LABELS);
  if (fieldChanges.length === 0) return before;
  const set = {
    ...changes,
    ...(changes.role ? { role: sortRoles(changes.role) } : {}),
    modifiedOn: new Date().toISOString(),
  };
  const tx = transaction().update('user', userEntity, { id: before.id }, { set });
  logChange(tx, { caller: by, entityType: 'user', entityId: before.id, action: 'update', changes: fieldChanges });
  await tx.commit(notFound);
  return (await getUser(before.id)) ?? before;
}

/** Now, as a token's `auth_time` counts it (seconds). */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Sets ACTIVE or DISABLED with its change-log entry in one transaction; the same status again writes nothing.
 * Disabling also ends every session signed in before it, so enabling the user again needs a new sign-in.
 */
export async function setUserStatus(before: UserRecord, status: UserStatus, by: Actor) {
  if (before.status === status) return before;
  const set = {
    status,
    ...(status === 'DISABLED' ? { sessionsValidAfter: nowSeconds() } : {}),
    modifiedOn: new Date().toISOString(),
  };
  const tx = transaction().update('user', userEntity, { id: before.id }, { set });
  logChange(tx, {
    caller: by,
    entityType: 'user',
    entityId: before.id,
    action: 'update',
    changes: diffChanges<{ status: UserStatus }>(before, { status }, { status: USER_FIELD_LABELS.status }),
  });
  await tx.commit(notFound);
  return (await getUser(before.id)) ?? before;
}

/**
 * The change-log entry of a password change. An admin's reset of someone else's password (`endSessions`) also
 * ends every session that user signed in before it, in the same transaction.
 */
export async function recordPasswordChange(userId: string, by: Actor, options: { endSessions?: boolean } = {}) {
  const changes = [{ name: 'Password', field: 'password', action: 'update' as const }];
  if (!options.endSessions) {
    await put(
      changeLogEntity,
      changeEntry({ caller: by, entityType: 'user', entityId: userId, action: 'update', changes }),
    );
    return;
  }
  const tx = transaction().update('user', userEntity, { id: userId }, { set: { sessionsValidAfter: nowSeconds() } });
  logChange(tx, { caller: by, entityType: 'user', entityId: userId, action: 'update', changes });
  await tx.commit(notFound);
}

export async function deleteUser(before: UserRecord, by: Actor) {
  const tx = transaction().delete('user', userEntity, { id: before.id }, { mustExist: true });
  logChange(tx, {
    caller: by,
    entityType: 'user',
    entityId: before.id,
    action: 'delete',
    changes: diffChanges<UpdateUserBody>(before, { name: '', email: '', role: [] }, USER_FIELD_LABELS),
  });
  await tx.commit(notFound);
}
