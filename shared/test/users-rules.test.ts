import { describe, expect, it } from 'vitest';
import { ROLES } from '../src/roles';
import {
  canChangePassword,
  changedUserFields,
  checkUserChanges,
  EMAIL_CHANGE_REFUSAL,
  checkUserEdit,
  DISABLE_SELF_REFUSAL,
  expandRoleSelection,
  PASSWORD_MISMATCH_MESSAGE,
  passwordFormProblem,
  userStatusRefusal,
} from '../src/rules/users';
import { PASSWORD_POLICY_MESSAGE } from '../src/rules/passwords';

const user = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.com',
  role: ['SALES' as const],
  title: 'Rep',
  status: 'ACTIVE' as const,
  createdAt: '',
  modifiedOn: '',
};

describe('profile rules (spec section 5)', () => {
  it("allows a password change only when it follows the pool's policy (not the spec's 4) and matches", () => {
    expect(canChangePassword('abcdefgh', 'abcdefgh')).toBe(true);
    expect(canChangePassword('abcd', 'abcd')).toBe(false);
    expect(canChangePassword('abcdefg', 'abcdefg')).toBe(false);
    expect(canChangePassword('abcdefgh', 'abcdefgi')).toBe(false);
    expect(canChangePassword('', '')).toBe(false);
    expect(passwordFormProblem('abcd', 'abcd')).toBe(PASSWORD_POLICY_MESSAGE);
    expect(passwordFormProblem('abcdefgh', 'abcdefgi')).toBe(PASSWORD_MISMATCH_MESSAGE);
    expect(passwordFormProblem('abcdefgh', 'abcdefgh')).toBeUndefined();
  });

  it("selects every role when 'all' is chosen", () => {
    expect(expandRoleSelection(['all'])).toEqual([...ROLES]);
    expect(expandRoleSelection(['DRIVER', 'ADMIN'])).toEqual(['ADMIN', 'DRIVER']);
    expect(expandRoleSelection(['nonsense'])).toEqual([]);
  });

  it('keeps only what changed, so an unchanged save is skipped', () => {
    expect(changedUserFields(user, { name: 'Ann', title: 'Rep', role: ['SALES'] })).toEqual({});
    expect(changedUserFields(user, { name: 'Anne', title: 'Rep' })).toEqual({ name: 'Anne' });
    expect(changedUserFields(user, { avatar: '' })).toEqual({});
    expect(changedUserFields(user, { role: ['SALES', 'DRIVER'] })).toEqual({ role: ['SALES', 'DRIVER'] });
  });

  it('lets ADMIN edit anyone and others only their own name, email, title and avatar', () => {
    expect(checkUserEdit({ userId: 'a', roles: ['ADMIN'] }, 'u1', { role: ['DRIVER'] })).toEqual({ ok: true });
    expect(checkUserEdit({ userId: 'u1', roles: ['SALES'] }, 'u1', { title: 'x' })).toEqual({ ok: true });
    expect(checkUserEdit({ userId: 'u2', roles: ['SALES'] }, 'u1', { title: 'x' })).toMatchObject({ ok: false });
    expect(checkUserEdit({ userId: 'u1', roles: ['SALES'] }, 'u1', { role: ['ADMIN'] })).toEqual({
      ok: false,
      reason: 'Only an admin can change roles',
    });
  });

  it('lets only an admin change an email, judged on what changed', () => {
    const changes = changedUserFields(user, { email: 'ann@example.com', title: 'Lead' });
    expect(changes).toEqual({ title: 'Lead' });
    expect(checkUserChanges({ roles: ['SALES'] }, changes)).toEqual({ ok: true });
    const moved = changedUserFields(user, { email: 'thief@example.com' });
    expect(checkUserChanges({ roles: ['SALES', 'DRIVER'] }, moved)).toEqual({
      ok: false,
      reason: EMAIL_CHANGE_REFUSAL,
    });
    expect(checkUserChanges({ roles: ['ADMIN'] }, moved)).toEqual({ ok: true });
  });

  it('lets an admin disable and enable anyone but never disable themself', () => {
    const admin = { userId: 'a' };
    expect(userStatusRefusal(admin, 'u1', 'DISABLED')).toBeUndefined();
    expect(userStatusRefusal(admin, 'u1', 'ACTIVE')).toBeUndefined();
    expect(userStatusRefusal(admin, 'a', 'DISABLED')).toBe(DISABLE_SELF_REFUSAL);
    expect(userStatusRefusal(admin, 'a', 'ACTIVE')).toBeUndefined();
  });
});
