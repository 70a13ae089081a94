import {
  diffChanges,
  ROLES,
  USER_FIELD_LABELS,
  type Role,
  type UpdateUserBody,
  type User,
  type UserSummary,
} from '@bo/shared';
import type { Caller } from '../http/types';
import { changeEntry } from './change-log';
import type { UserItem } from './entities/user';
import { db } from './service';
import { commit } from './transaction';

export type UserRecord = User & { username: string };

const sortRoles = (roles: readonly string[] | undefined): Role[] => ROLES.filter((r) => roles?.includes(r));

const toRecord = (item: UserItem): UserRecord => ({
  id: item.id,
  username: item.username,
  name: item.name,
  email: item.email,
  role: sortRoles(item.role),
  ...(item.title ? { title: item.title } : {}),
  ...(item.avatar ? { avatar: item.avatar } : {}),
  userBrands: item.userBrands ?? [],
  userCustomers: item.userCustomers ?? [],
  createdAt: item.createdAt,
  modifiedOn: item.modifiedOn,
});

/** The profile as the API returns it (the Cognito username stays inside). */
export const toUser = ({ username: _username, ...user }: UserRecord): User => user;
export const toSummary = (u: UserRecord | User): UserSummary => ({
  id: u.id,
  name: u.name,
  role: u.role,
  ...(u.title ? { title: u.title } : {}),
  ...(u.avatar ? { avatar: u.avatar } : {}),
});

export async function getUser(id: string): Promise<UserRecord | undefined> {
  const { data } = await db().entities.user.get({ id }).go();
  return data ? toRecord(data) : undefined;
}

export async function listUsers(): Promise<UserRecord[]> {
  const { data } = await db().entities.user.query.all({}).go({ pages: 'all' });
  return data.map(toRecord).sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}

export async function createUser(
  profile: Omit<UserRecord, 'createdAt' | 'modifiedOn'>,
  by: Caller & { name?: string },
) {
  const now = new Date().toISOString();
  const item = { ...profile, createdAt: now, modifiedOn: now };
  await commit(
    () =>
      db()
        .transaction.write(({ user, changeLog }) => [
          user.create(item).commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'user',
                entityId: profile.id,
                action: 'create',
                changes: diffChanges<UpdateUserBody>(undefined, profile, USER_FIELD_LABELS),
                at: now,
              }),
            )
            .commit(),
        ])
        .go(),
    { conflict: 'A profile with this id already exists' },
  );
  return toRecord(item as UserItem);
}

/** Applies the changed fields and writes their change-log entry in one transaction. */
export async function updateUser(before: UserRecord, changes: UpdateUserBody, by: Caller & { name?: string }) {
  const fieldChanges = diffChanges<UpdateUserBody>(before, changes, USER_FIELD_LABELS);
  if (fieldChanges.length === 0) return before;
  const set = { ...changes, ...(changes.role ? { role: sortRoles(changes.role) } : {}) };
  await commit(
    () =>
      db()
        .transaction.write(({ user, changeLog }) => [
          user.patch({ id: before.id }).set(set).commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'user',
                entityId: before.id,
                action: 'update',
                changes: fieldChanges,
              }),
            )
            .commit(),
        ])
        .go(),
    { notFound: 'User not found', conflict: 'The user changed while saving; reload and try again' },
  );
  return (await getUser(before.id)) ?? before;
}

export async function recordPasswordChange(userId: string, by: Caller & { name?: string }) {
  await db()
    .entities.changeLog.create(
      changeEntry({
        caller: by,
        entityType: 'user',
        entityId: userId,
        action: 'update',
        changes: [{ name: 'Password', field: 'password', action: 'update' }],
      }),
    )
    .go();
}

export async function deleteUser(before: UserRecord, by: Caller & { name?: string }) {
  await commit(
    () =>
      db()
        .transaction.write(({ user, changeLog }) => [
          user.remove({ id: before.id }).commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'user',
                entityId: before.id,
                action: 'delete',
                changes: diffChanges<UpdateUserBody>(before, { name: '', email: '', role: [] }, USER_FIELD_LABELS),
              }),
            )
            .commit(),
        ])
        .go(),
    { notFound: 'User not found', conflict: 'The user changed while deleting; reload and try again' },
  );
}
