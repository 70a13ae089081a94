import { describe, expect, it } from 'vitest';
import {
  OTHERS_PASSWORD_REFUSAL,
  PASSWORD_POLICY,
  PASSWORD_POLICY_MESSAGE,
  passwordChangeOf,
  passwordProblem,
} from '../src/rules/passwords';
import { updatePasswordBody } from '../src/schemas/users';

describe('the password policy (the pool is built from it)', () => {
  it('needs 8 to 256 characters, no space at either end, and no character classes', () => {
    expect(PASSWORD_POLICY.minLength).toBe(8);
    for (const ok of ['abcdefgh', 'correct horse battery', 'Demo!2345', 'x'.repeat(256)])
      expect(passwordProblem(ok)).toBeUndefined();
    for (const weak of ['', 'abcd', 'abcdefg', ' abcdefgh', 'abcdefgh '])
      expect(passwordProblem(weak)).toBe(PASSWORD_POLICY_MESSAGE);
    expect(passwordProblem('x'.repeat(257))).toMatch(/at most 256/);
  });

  it("is the API body's rule, with the same message; the current password is optional in the body", () => {
    expect(updatePasswordBody.safeParse({ password: 'abcdefgh' }).success).toBe(true);
    expect(updatePasswordBody.safeParse({ password: 'abcdefgh', currentPassword: 'old' }).success).toBe(true);
    const weak = updatePasswordBody.safeParse({ password: 'abcd' });
    expect(weak.success).toBe(false);
    expect(weak.error?.issues[0]?.message).toBe(PASSWORD_POLICY_MESSAGE);
    expect(updatePasswordBody.safeParse({ password: 'abcdefgh', currentPassword: '' }).success).toBe(false);
  });
});

describe('who changes a password, and whether the current one is asked', () => {
  it("asks the current password for one's own, admins included; an admin resets others' without it", () => {
    expect(passwordChangeOf({ userId: 'me', roles: ['SALES'] }, 'me')).toEqual({ ok: true, needsCurrent: true });
    expect(passwordChangeOf({ userId: 'me', roles: ['ADMIN'] }, 'me')).toEqual({ ok: true, needsCurrent: true });
    expect(passwordChangeOf({ userId: 'me', roles: ['ADMIN'] }, 'you')).toEqual({ ok: true, needsCurrent: false });
    expect(passwordChangeOf({ userId: 'me', roles: [], isAdmin: true }, 'you')).toEqual({
      ok: true,
      needsCurrent: false,
    });
    for (const role of ['SALES', 'PURCHASING', 'INVENTORY', 'PAYROLL', 'DRIVER'] as const)
      expect(passwordChangeOf({ userId: 'me', roles: [role] }, 'you')).toEqual({
        ok: false,
        reason: OTHERS_PASSWORD_REFUSAL,
      });
  });
});
