import { randomUUID } from 'node:crypto';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_REFUSAL,
  EMAIL_TAKEN,
  PASSWORD_POLICY_MESSAGE,
  type User,
} from '@bo/shared';
import { describe, expect, it } from 'vitest';
import { call, signInNow, tokenFor } from '../support/stack';

/** A fresh user with a known password, signed in. */
async function member(role: string[] = ['SALES'], password = 'Start!2345') {
  const admin = await tokenFor('ADMIN');
  const email = `sec-${randomUUID().slice(0, 8)}@example.com`;
  const created = await call<{ user: User }>('POST', '/api/db/users/addNew', {
    token: admin,
    body: { name: 'Sec Person', email, role },
  });
  expect(created.status).toBe(200);
  const set = await call('PUT', `/api/db/users/updatePassword/${created.body.user.id}`, {
    token: admin,
    body: { password },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const token = await signInNow(email, password);
  expect(token).toBeTruthy();
  return { admin, email, user: created.body.user, token: token!, password };
}

type Refusal = { message: string };

describe('changing a password', () => {
  it("one's own needs the current password, checked by Cognito; the new one follows the pool's policy", async () => {
    const { email, user, token, password } = await member();
    const change = (body: Record<string, unknown>) =>
      call<Refusal>('PUT', `/api/db/users/updatePassword/${user.id}`, { token, body });

    expect(await change({ password: 'Stolen!2345' })).toMatchObject({
      status: 400,
      body: { message: CURRENT_PASSWORD_REQUIRED },
    });
    expect(await change({ password: 'Stolen!2345', currentPassword: 'guess-1234' })).toMatchObject({
      status: 403,
      body: { message: CURRENT_PASSWORD_WRONG },
    });
    // The spec's 4 characters (and anything under the policy's 8) are refused before Cognito is asked.
    for (const weak of ['abcd', 'Short1!', ' Spaced!2345'])
      expect(await change({ password: weak, currentPassword: password })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining(PASSWORD_POLICY_MESSAGE) },
      });
    expect(await signInNow(email, password)).toBeTruthy();
    expect(await signInNow(email, 'Stolen!2345')).toBeNull();

    const ok = await change({ password: 'Second!2345', currentPassword: password });
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    expect(await signInNow(email, 'Second!2345')).toBeTruthy();
    expect(await signInNow(email, password)).toBeNull();
  });

  it("an admin resets someone else's without it, but their own needs it too; others' stay refused", async () => {
    const { admin, email, user } = await member(['SALES']);
    const reset = await call('PUT', `/api/db/users/updatePassword/${user.id}`, {
      token: admin,
      body: { password: 'Reset!23456' },
    });
    expect(reset.status).toBe(200);
    expect(await signInNow(email, 'Reset!23456')).toBeTruthy();

    const other = await member(['ADMIN']);
    expect(
      await call<Refusal>('PUT', `/api/db/users/updatePassword/${other.user.id}`, {
        token: other.token,
        body: { password: 'AdminOwn!234' },
      }),
    ).toMatchObject({ status: 400, body: { message: CURRENT_PASSWORD_REQUIRED } });

    const sales = await tokenFor('SALES');
    expect(
      (
        await call('PUT', `/api/db/users/updatePassword/${user.id}`, {
          token: sales,
          body: { password: 'Other!23456', currentPassword: 'Reset!23456' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('changing an email', () => {
  it('is for an admin only: a member changing their own gets a 403 with a message, and nothing changes', async () => {
    const { email, user, token } = await member(['SALES']);
    const changed = `taken-over-${randomUUID().slice(0, 8)}@example.com`;
    expect(
      await call<Refusal>('PUT', `/api/db/users/update/${user.id}`, { token, body: { email: changed } }),
    ).toMatchObject({ status: 403, body: { message: EMAIL_CHANGE_REFUSAL } });
    // Resending the email they have (the spec's client sends every field) is no change and passes.
    const same = await call<User>('PUT', `/api/db/users/update/${user.id}`, {
      token,
      body: { name: 'Sec Person', email, title: 'Now titled' },
    });
    expect(same).toMatchObject({ status: 200, body: { email, title: 'Now titled' } });
    expect(await signInNow(changed, 'Start!2345')).toBeNull();
    expect(await signInNow(email, 'Start!2345')).toBeTruthy();
  });

  it('refuses (409) an email another user signs in with; an admin changes it to a free one', async () => {
    const { admin, user } = await member(['SALES']);
    const other = await member(['INVENTORY']);
    const taken = await call<Refusal>('PUT', `/api/db/users/update/${user.id}`, {
      token: admin,
      body: { email: other.email },
    });
    expect(taken).toMatchObject({ status: 409, body: { message: EMAIL_TAKEN } });
    expect((await call<User>('GET', `/api/db/users/getById/${user.id}`, { token: admin })).body.email).toBe(user.email);

    const free = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const moved = await call<User>('PUT', `/api/db/users/update/${user.id}`, { token: admin, body: { email: free } });
    expect(moved).toMatchObject({ status: 200, body: { email: free } });
    expect(await signInNow(free, 'Start!2345')).toBeTruthy();
  });
});
