import { ROLES, type Role, type User, type UserSummary } from '@bo/shared';
import type { UserItem } from './entity';

/** A profile with its Cognito username and the sessions it still accepts (both stay inside the back end). */
export type UserRecord = User & { username: string; sessionsValidAfter?: number };

export const sortRoles = (roles: readonly string[] | undefined): Role[] => ROLES.filter((r) => roles?.includes(r));

export const toRecord = (item: UserItem): UserRecord => ({
  id: item.id,
  username: item.username,
  name: item.name,
  email: item.email,
  role: sortRoles(item.role),
  ...(item.title ? { title: item.title } : {}),
  ...(item.avatar ? { avatar: item.avatar } : {}),
  userBrands: item.userBrands ?? [],
  userCustomers: item.userCustomers ?? [],
  status: item.status ?? 'ACTIVE',
  ...(item.sessionsValidAfter ? { sessionsValidAfter: item.sessionsValidAfter } : {}),
  createdAt: item.createdAt,
  modifiedOn: item.modifiedOn,
});

/** The profile as the API returns it (the Cognito username stays inside). */
export const toUser = ({ username: _username, sessionsValidAfter: _sessions, ...user }: UserRecord): User => user;
export const toSummary = (u: UserRecord | User): UserSummary => ({
  id: u.id,
  name: u.name,
  role: u.role,
  ...(u.title ? { title: u.title } : {}),
  ...(u.avatar ? { avatar: u.avatar } : {}),
});
