import { randomUUID } from 'node:crypto';
import type { ChangeLogEntry, User, UserSummary } from '@bo/shared';
import { describe, expect, it } from 'vitest';
import { call, signIn, tokenFor, userFor } from '../support/stack';

const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
const groupsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())['cognito:groups'] as string[];

async function newUser(role: string[] = ['SALES']) {
  const admin = await tokenFor('ADMIN');
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const created = await call<{ user: User; temporaryPassword: string }>('POST', '/api/db/users/addNew', {
    token: admin,
    body: { name: 'Temp Person', email, role, title: 'Temp' },
  });
  expect(created.status).toBe(200);
  return { admin, email, ...created.body };
}

const history = async (id: string, token: string) =>
  (
    await call<{ entries: ChangeLogEntry[]; cursor: string | null }>('GET', `/api/db/changelog/getAll/user/${id}`, {
      token,
    })
  ).body;

describe('users', () => {
  it('lists full profiles for an admin and names and roles for everyone else', async () => {
    const asAdmin = await call<{ res: User[] }>('GET', '/api/db/users/getAll', { token: await tokenFor('ADMIN') });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.res.find((u) => u.email === userFor('SALES').email)).toMatchObject({
      name: 'Sam Sales',
      role: ['SALES'],
    });

    const salesToken = await tokenFor('SALES');
    const asSales = await call<{ res: Array<UserSummary & { email?: string }> }>('GET', '/api/db/users/getAll', {
      token: salesToken,
    });
    const admin = asSales.body.res.find((u) => u.name === 'Ada Admin');
    expect(admin).toMatchObject({ role: ['ADMIN'] });
    expect(admin).not.toHaveProperty('email');
    expect(asSales.body.res.find((u) => u.id === subOf(salesToken))).toHaveProperty('email', userFor('SALES').email);
  });

  it('lists drivers by id and name', async () => {
    const result = await call<Array<{ id: string; name: string }>>('GET', '/api/db/users/getDrivers', {
      token: await tokenFor('SALES'),
    });
    expect(result.body.map((d) => d.name)).toEqual(expect.arrayContaining(['Dan Driver', 'Dora Driver']));
    expect(result.body.map((d) => d.name)).not.toContain('Sam Sales');
  });

  it('lets a member edit their own title, writing a field-level change-log entry', async () => {
    const { email, temporaryPassword, user, admin } = await newUser(['INVENTORY']);
    await call('PUT', `/api/db/users/updatePassword/${user.id}`, { token: admin, body: { password: 'Secret!234' } });
    const own = (await signIn(email, 'Secret!234')).idToken;
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(8);

    const updated = await call<User>('PUT', `/api/db/users/update/${user.id}`, {
      token: own,
      body: { title: 'Shift Lead' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe('Shift Lead');

    const { entries } = await history(user.id, own);
    expect(entries[0]).toMatchObject({
      action: 'update',
      userId: user.id,
      changes: [{ name: 'Title', field: 'title', action: 'update', previousValue: 'Temp', newValue: 'Shift Lead' }],
    });

    const again = await call<User>('PUT', `/api/db/users/update/${user.id}`, {
      token: own,
      body: { title: 'Shift Lead' },
    });
    expect(again.status).toBe(200);
    expect((await history(user.id, own)).entries).toHaveLength(entries.length);

    const roleChange = await call<{ message: string }>('PUT', `/api/db/users/update/${user.id}`, {
      token: own,
      body: { role: ['ADMIN'] },
    });
    expect(roleChange.status).toBe(403);
    expect(roleChange.body.message).toBe('Only an admin can change roles');
  });

  it("refuses a non-admin editing someone else's profile or password", async () => {
    const sales = await tokenFor('SALES');
    const target = subOf(await tokenFor('INVENTORY'));
    const edit = await call<{ message: string }>('PUT', `/api/db/users/update/${target}`, {
      token: sales,
      body: { title: 'x' },
    });
    expect(edit).toMatchObject({ status: 403, body: { message: 'You can only edit your own profile' } });
    const password = await call<{ message: string }>('PUT', `/api/db/users/updatePassword/${target}`, {
      token: sales,
      body: { password: 'Valid!2345', currentPassword: 'anything' },
    });
    expect(password).toMatchObject({ status: 403, body: { message: 'You can only change your own password' } });
  });

  it('keeps Cognito groups in step with the roles an admin sets', async () => {
    const { admin, email, user } = await newUser(['SALES']);
    const changed = await call<User>('PUT', `/api/db/users/update/${user.id}`, {
      token: admin,
      body: { role: ['DRIVER', 'SALES'] },
    });
    expect(changed.body.role).toEqual(['SALES', 'DRIVER']);
    await call('PUT', `/api/db/users/updatePassword/${user.id}`, { token: admin, body: { password: 'Drive!234' } });
    const token = (await signIn(email, 'Drive!234')).idToken;
    expect(groupsOf(token).sort()).toEqual(['DRIVER', 'SALES']);
    const drivers = await call<Array<{ id: string }>>('GET', '/api/db/users/getDrivers', { token });
    expect(drivers.body.map((d) => d.id)).toContain(user.id);

    const { entries } = await history(user.id, admin);
    expect(entries.map((e) => e.changes[0]?.field)).toEqual(['password', 'role', 'name']);
    expect(entries[1]?.changes).toEqual([
      { name: 'Role', field: 'role', subfield: 'DRIVER', action: 'add', newValue: 'DRIVER' },
    ]);
  });

  it('stores the brands and customers an admin assigns; the user may not change their own', async () => {
    const { admin, email, user } = await newUser(['SALES']);
    const brands = await call<{ res: Array<{ id: string }> }>('GET', '/api/db/brands/getAll', { token: admin });
    const customers = await call<Array<{ id: string }>>('GET', '/api/db/customers/getAll', { token: admin });
    const userBrands = brands.body.res.slice(0, 2).map((b) => b.id);
    const userCustomers = customers.body.slice(0, 1).map((c) => c.id);
    expect(userBrands).toHaveLength(2);
    expect(userCustomers).toHaveLength(1);

    const saved = await call<User>('PUT', `/api/db/users/update/${user.id}`, {
      token: admin,
      body: { userBrands, userCustomers },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ userBrands, userCustomers });
    const read = await call<User>('GET', `/api/db/users/getById/${user.id}`, { token: admin });
    expect(read.body).toMatchObject({ userBrands, userCustomers });
    const { entries } = await history(user.id, admin);
    expect(entries[0]?.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['userBrands', 'userCustomers']));

    await call('PUT', `/api/db/users/updatePassword/${user.id}`, { token: admin, body: { password: 'Assign!234' } });
    const own = (await signIn(email, 'Assign!234')).idToken;
    const refused = await call<{ message: string }>('PUT', `/api/db/users/update/${user.id}`, {
      token: own,
      body: { userBrands: [] },
    });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Only an admin can assign brands and customers' } });
    expect((await call<User>('GET', `/api/db/users/getById/${user.id}`, { token: own })).body.userBrands).toEqual(
      userBrands,
    );
  });

  it('refuses brand and customer ids that name nothing, with a 400 naming them, and writes nothing', async () => {
    const { admin, user } = await newUser(['SALES']);
    const brands = await call<{ res: Array<{ id: string }> }>('GET', '/api/db/brands/getAll', { token: admin });
    const customers = await call<Array<{ id: string }>>('GET', '/api/db/customers/getAll', { token: admin });
    const brand = brands.body.res[0]!.id;
    const customer = customers.body[0]!.id;
    const ghostBrand = `no-brand-${randomUUID().slice(0, 8)}`;
    const ghostCustomer = `no-customer-${randomUUID().slice(0, 8)}`;

    const refused = await call<{ message: string; issues: Array<{ path: string; message: string }> }>(
      'PUT',
      `/api/db/users/update/${user.id}`,
      { token: admin, body: { title: 'Changed', userBrands: [brand, ghostBrand], userCustomers: [ghostCustomer] } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Unknown brand id: ${ghostBrand}; Unknown customer id: ${ghostCustomer}`);
    expect(refused.body.issues).toEqual([
      { path: 'body.userBrands', message: `Unknown brand id: ${ghostBrand}` },
      { path: 'body.userCustomers', message: `Unknown customer id: ${ghostCustomer}` },
    ]);
    // A brand id is not a customer id, nor the other way round.
    const crossed = await call<{ message: string }>('PUT', `/api/db/users/update/${user.id}`, {
      token: admin,
      body: { userCustomers: [brand] },
    });
    expect(crossed).toMatchObject({ status: 400, body: { message: `Unknown customer id: ${brand}` } });
    const read = await call<User>('GET', `/api/db/users/getById/${user.id}`, { token: admin });
    expect(read.body).toMatchObject({ title: 'Temp', userBrands: [], userCustomers: [] });
    expect((await history(user.id, admin)).entries.filter((e) => e.action === 'update')).toEqual([]);

    const saved = await call<User>('PUT', `/api/db/users/update/${user.id}`, {
      token: admin,
      body: { userBrands: [brand], userCustomers: [customer] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ userBrands: [brand], userCustomers: [customer] });
  });

  it('creates users with a temporary password and refuses a duplicate email', async () => {
    const { admin, email, user, temporaryPassword } = await newUser(['PAYROLL']);
    expect(user).toMatchObject({ email, role: ['PAYROLL'], name: 'Temp Person' });
    expect(temporaryPassword).toMatch(/[A-Z]/);
    const duplicate = await call<{ message: string }>('POST', '/api/db/users/addNew', {
      token: admin,
      body: { name: 'Again', email, role: ['SALES'] },
    });
    expect(duplicate).toMatchObject({ status: 409, body: { message: 'A user with this email already exists' } });
    const log = await history(user.id, admin);
    expect(log.entries.at(-1)).toMatchObject({ action: 'create' });
  });

  it('deletes a user (admin only) and keeps its history', async () => {
    const { admin, user } = await newUser(['SALES']);
    const removed = await call('DELETE', `/api/db/users/remove/${user.id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await call('GET', `/api/db/users/getById/${user.id}`, { token: admin })).status).toBe(404);
    expect((await history(user.id, admin)).entries[0]).toMatchObject({ action: 'delete' });
    expect((await call('DELETE', `/api/db/users/remove/${user.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses an admin deleting their own account or dropping their own admin role', async () => {
    const admin = await tokenFor('ADMIN');
    const self = subOf(admin);
    expect((await call('DELETE', `/api/db/users/remove/${self}`, { token: admin })).status).toBe(409);
    expect(
      (await call('PUT', `/api/db/users/update/${self}`, { token: admin, body: { role: ['SALES'] } })).status,
    ).toBe(409);
  });

  it('pages the change log newest first', async () => {
    const { admin, user } = await newUser(['SALES']);
    for (const title of ['One', 'Two', 'Three'])
      await call('PUT', `/api/db/users/update/${user.id}`, { token: admin, body: { title } });
    const first = await call<{ entries: ChangeLogEntry[]; cursor: string | null }>(
      'GET',
      `/api/db/changelog/getAll/user/${user.id}?limit=2`,
      { token: admin },
    );
    expect(first.body.entries.map((e) => e.changes[0]?.newValue)).toEqual(['Three', 'Two']);
    expect(first.body.cursor).toBeTruthy();
    const next = await call<{ entries: ChangeLogEntry[] }>(
      'GET',
      `/api/db/changelog/getAll/user/${user.id}?limit=2&cursor=${encodeURIComponent(first.body.cursor!)}`,
      { token: admin },
    );
    expect(next.body.entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(next.body.entries[0]?.changes[0]?.newValue).toBe('One');
  });
});
