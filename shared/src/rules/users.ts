import { passwordProblem } from './passwords';
import { ROLES, type Role } from '../roles';
import type { UpdateUserBody, User, UserStatus } from '../schemas/users';

export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match or are too short.';

/** What a password form shows before sending: the policy's message first, then a mismatch (spec's text). */
export const passwordFormProblem = (password: string, confirmation: string): string | undefined =>
  passwordProblem(password) ?? (password === confirmation ? undefined : PASSWORD_MISMATCH_MESSAGE);

/** Password change is offered only when the new password follows the policy and equals its confirmation. */
export const canChangePassword = (password: string, confirmation: string): boolean =>
  passwordFormProblem(password, confirmation) === undefined;

/** The profile editor's role multi-select: choosing 'all' selects every role. */
export const ALL_ROLES_OPTION = 'all';
export const expandRoleSelection = (selected: readonly string[]): Role[] =>
  selected.includes(ALL_ROLES_OPTION) ? [...ROLES] : ROLES.filter((r) => selected.includes(r));

export type UserEditVerdict = { ok: true } | { ok: false; reason: string };

/** Who may change what on a profile: ADMIN anything; others only their own (their email: see checkUserChanges). */
export function checkUserEdit(
  actor: { userId: string; roles: readonly Role[] },
  targetId: string,
  body: UpdateUserBody,
): UserEditVerdict {
  if (actor.roles.includes('ADMIN')) return { ok: true };
  if (actor.userId !== targetId) return { ok: false, reason: 'You can only edit your own profile' };
  if (body.role !== undefined) return { ok: false, reason: 'Only an admin can change roles' };
  if (body.userBrands !== undefined || body.userCustomers !== undefined)
    return { ok: false, reason: 'Only an admin can assign brands and customers' };
  return { ok: true };
}

export const EMAIL_CHANGE_REFUSAL = 'Only an admin can change an email address (it is how you sign in); ask an admin';
export const EMAIL_TAKEN = 'Another user already uses this email';

/**
 * What a non-admin may not change even on their own profile, judged on the fields that differ (a client may
 * resend the email it has): the email, because it is the sign-in name and Cognito would take it as verified.
 */
export function checkUserChanges(actor: { roles: readonly Role[] }, changes: UpdateUserBody): UserEditVerdict {
  if (actor.roles.includes('ADMIN')) return { ok: true };
  if (changes.email !== undefined) return { ok: false, reason: EMAIL_CHANGE_REFUSAL };
  return { ok: true };
}

/** The fields of `edited` that differ from `original`: the profile save is skipped when this is empty. */
export function changedUserFields(original: User, edited: UpdateUserBody): UpdateUserBody {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edited) as Array<[keyof UpdateUserBody, unknown]>) {
    if (value === undefined) continue;
    const before = original[key];
    const same =
      Array.isArray(value) && Array.isArray(before)
        ? value.length === before.length && [...value].sort().join('\u0000') === [...before].sort().join('\u0000')
        : (before ?? '') === value;
    if (!same) out[key] = value;
  }
  return out as UpdateUserBody;
}

export const USER_FIELD_LABELS = {
  name: 'Name',
  email: 'Email',
  role: 'Role',
  title: 'Title',
  avatar: 'Avatar',
  userBrands: 'Assigned brands',
  userCustomers: 'Assigned customers',
  status: 'Status',
} as const;

export const USER_STATUS_LABELS: Record<UserStatus, string> = { ACTIVE: 'Active', DISABLED: 'Disabled' };

export const DISABLE_SELF_REFUSAL = 'You cannot disable your own account; ask another admin';

/**
 * Why `actor` may not set `targetId`'s status to `status`, if they may not (the routes are ADMIN-only; this adds
 * that an admin never locks themself out: another admin must do it).
 */
export const userStatusRefusal = (
  actor: { userId: string },
  targetId: string,
  status: UserStatus,
): string | undefined => (status === 'DISABLED' && actor.userId === targetId ? DISABLE_SELF_REFUSAL : undefined);
