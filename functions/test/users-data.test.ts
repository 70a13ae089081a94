import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, deleteUser, getUser, listChangeLog, listUsers, setUserStatus, updateUser } from '../src/data';
import { NotFoundError } from '../src/domain';
import { useFreshTable } from './support/env';

const admin = { userId: 'admin-1', roles: ['ADMIN' as const], isAdmin: true, name: 'Ada' };
const profile = () => {
  const id = randomUUID();
  return {
    id,
    username: `${id}@example.com`,
    name: 'Kim Lee',
    email: `${id}@example.com`,
    role: ['SALES' as const],
    title: 'Rep',
  };
};

beforeAll(useFreshTable);

describe('user profiles and their change log', () => {
  it('creates a profile and its create entry together', async () => {
    const p = profile();
    const created = await createUser(p, admin);
    expect(created).toMatchObject({ id: p.id, name: 'Kim Lee', role: ['SALES'] });
    expect(await getUser(p.id)).toMatchObject({ email: p.email, title: 'Rep' });
    const { entries } = await listChangeLog('user', p.id, {});
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', userId: 'admin-1', userName: 'Ada' });
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([{ name: 'Name', field: 'name', action: 'add', newValue: 'Kim Lee' }]),
    );
  });

  it('records only what changed, field by field, with previous and new values', async () => {
    const before = await createUser(profile(), admin);
    const after = await updateUser(before, { title: 'Senior Rep', role: ['SALES', 'DRIVER'], name: 'Kim Lee' }, admin);
    expect(after.title).toBe('Senior Rep');
    expect(after.role).toEqual(['SALES', 'DRIVER']);
    const [latest] = (await listChangeLog('user', before.id, {})).entries;
    expect(latest!.changes).toEqual([
      { name: 'Role', field: 'role', subfield: 'DRIVER', action: 'add', newValue: 'DRIVER' },
      { name: 'Title', field: 'title', action: 'update', previousValue: 'Rep', newValue: 'Senior Rep' },
    ]);
  });

  it('writes nothing when an update changes nothing', async () => {
    const before = await createUser(profile(), admin);
    await updateUser(before, { title: 'Rep' }, admin);
    expect((await listChangeLog('user', before.id, {})).entries).toHaveLength(1);
  });

  it('is all or nothing: updating a missing user writes no change-log entry', async () => {
    const ghost = { ...profile(), status: 'ACTIVE' as const, createdAt: '', modifiedOn: '' };
    await expect(updateUser(ghost, { title: 'x' }, admin)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listChangeLog('user', ghost.id, {})).entries).toHaveLength(0);
  });

  it('disables and enables a profile with a Status entry each, and writes nothing for the same status', async () => {
    const created = await createUser(profile(), admin);
    expect(created.status).toBe('ACTIVE');
    const disabled = await setUserStatus(created, 'DISABLED', admin);
    expect(disabled.status).toBe('DISABLED');
    expect((await getUser(created.id))?.status).toBe('DISABLED');
    await setUserStatus(disabled, 'DISABLED', admin);
    const enabled = await setUserStatus(disabled, 'ACTIVE', admin);
    expect(enabled.status).toBe('ACTIVE');
    const { entries } = await listChangeLog('user', created.id, {});
    expect(entries.map((e) => e.changes)).toEqual([
      [{ name: 'Status', field: 'status', action: 'update', previousValue: 'DISABLED', newValue: 'ACTIVE' }],
      [{ name: 'Status', field: 'status', action: 'update', previousValue: 'ACTIVE', newValue: 'DISABLED' }],
      expect.any(Array),
    ]);
    const ghost = { ...profile(), status: 'ACTIVE' as const, createdAt: '', modifiedOn: '' };
    await expect(setUserStatus(ghost, 'DISABLED', admin)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes a profile and keeps its history', async () => {
    const before = await createUser(profile(), admin);
    await deleteUser(before, admin);
    expect(await getUser(before.id)).toBeUndefined();
    expect((await listChangeLog('user', before.id, {})).entries[0]).toMatchObject({ action: 'delete' });
    expect((await listUsers()).map((u) => u.id)).not.toContain(before.id);
  });
});
