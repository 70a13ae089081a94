import { describe, expect, it } from 'vitest';
import { ROLES } from '../src/roles';
import { canChangePassword, changedUserFields, checkUserEdit, expandRoleSelection } from '../src/rules/users';

const user = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.com',
  role: ['SALES' as const],
  title: 'Rep',
  createdAt: '',
  modifiedOn: '',
};

describe('profile rules (spec section 5)', () => {
  it('allows a password change only at 4+ characters matching the confirmation', () => {
    expect(canChangePassword('abcd', 'abcd')).toBe(true);
    expect(canChangePassword('abc', 'abc')).toBe(false);
    expect(canChangePassword('abcd', 'abce')).toBe(false);
    expect(canChangePassword('', '')).toBe(false);
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
});
