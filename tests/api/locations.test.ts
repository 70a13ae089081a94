import type { ChangeLogEntry, Location } from '@bo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';

/**
 * Pickup / packing locations over HTTP with real tokens: create, list, colour and name changes, the single
 * default (also under concurrent setDefault calls), deletion rules, messages and audit entries.
 * Names are unique per run; the default found at the start is restored at the end, and what the tests
 * created is deleted, so other suites see the seeded locations as they were.
 */

const unique = () => Math.random().toString(36).slice(2, 8);
const LIST = '/api/db/orders/getLocations';
const ADD = '/api/db/orders/addLocation';
const update = (id: string) => `/api/db/orders/updateLocation/${id}`;
const remove = (id: string) => `/api/db/orders/removeLocation/${id}`;

let writer: string;
let reader: string;
let initialDefault: string;
const created: string[] = [];

const list = async () => {
  const result = await call<Location[]>('GET', LIST, { token: reader });
  expect(result.status).toBe(200);
  return result.body;
};
const defaults = (locations: Location[]) => locations.filter((l) => l.isDefault);

async function add(name: string, color = '#59a14f') {
  const result = await call<Location>('POST', ADD, { token: writer, body: { name, color } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  created.push(result.body.id);
  return result.body;
}

beforeAll(async () => {
  writer = await tokenFor('INVENTORY');
  reader = await tokenFor('SALES');
  const locations = await list();
  initialDefault = defaults(locations)[0]!.id;
});

afterAll(async () => {
  const admin = await tokenFor('ADMIN');
  await call('PUT', update(initialDefault), { token: admin, body: { isDefault: true } });
  for (const id of created) await call('DELETE', remove(id), { token: admin });
});

describe('pickup locations over HTTP', () => {
  it('lists the seeded locations numbered by id, location 1 Main Warehouse, exactly one default', async () => {
    const locations = await list();
    expect(locations.find((l) => l.id === '1')).toMatchObject({ name: 'Main Warehouse', color: '#4e79a7' });
    expect(locations.length).toBeGreaterThanOrEqual(3);
    const ids = locations.map((l) => Number(l.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(defaults(locations)).toHaveLength(1);
    for (const l of locations) expect(l.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('creates with the next number, a normalized hex color and not as default; everyone reads, only writers write', async () => {
    const name = `Dock ${unique()}`;
    const first = await add(name, '#ABC');
    expect(first).toEqual({ id: expect.stringMatching(/^[1-9]\d*$/), name, color: '#aabbcc', isDefault: false });
    const second = await add(`Dock ${unique()}`);
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect((await list()).map((l) => l.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    for (const role of ['PAYROLL', 'DRIVER'] as const) {
      const read = await call('GET', LIST, { token: await tokenFor(role) });
      expect(read.status).toBe(200);
    }
    const purchasing = await call<Location>('POST', ADD, {
      token: await tokenFor('PURCHASING'),
      body: { name: `Bay ${unique()}`, color: '#e15759' },
    });
    expect(purchasing.status).toBe(200);
    created.push(purchasing.body.id);
    const sales = await call<{ message: string }>('POST', ADD, {
      token: reader,
      body: { name: `Bay ${unique()}`, color: '#e15759' },
    });
    expect(sales.status).toBe(403);
    const salesUpdate = await call('PUT', update(first.id), { token: reader, body: { color: '#000000' } });
    expect(salesUpdate.status).toBe(403);
    const salesDelete = await call('DELETE', remove(first.id), { token: reader });
    expect(salesDelete.status).toBe(403);
  });

  it('answers bad input with the spec messages', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^Location name is required/],
      [{ name: '   ', color: '#ffffff' }, /^Location name is required/],
      [{ name: 'Somewhere' }, /^Location color is required/],
      [{ name: 'Somewhere', color: '' }, /^Location color is required/],
      [{ name: 'Somewhere', color: 'blue' }, /^Location color must be a hex color/],
      [{ name: 'Somewhere', color: '#12345' }, /^Location color must be a hex color/],
      [{ name: 'Somewhere', color: '#4e79a7', isDefault: true }, /body/],
    ];
    for (const [body, message] of cases) {
      const result = await call<{ message: string }>('POST', ADD, { token: writer, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
    const { id } = await add(`Shelf ${unique()}`);
    const updates: Array<[unknown, RegExp]> = [
      [{}, /^Nothing to update/],
      [{ isDefault: false }, /^isDefault can only be true/],
      [{ color: 'red' }, /^Location color must be a hex color/],
      [{ name: '' }, /^Location name is required/],
    ];
    for (const [body, message] of updates) {
      const result = await call<{ message: string }>('PUT', update(id), { token: writer, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
    const badId = await call<{ message: string }>('PUT', update('abc'), { token: writer, body: { color: '#000000' } });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/^Location id must be a whole number/);
  });

  it('changes the color and the name; refuses a name already in use (409); unknown ids are 404', async () => {
    const a = await add(`Gate ${unique()}`);
    const b = await add(`Gate ${unique()}`);
    const colored = await call<Location>('PUT', update(a.id), { token: writer, body: { color: '#E15759' } });
    expect(colored.status).toBe(200);
    expect(colored.body).toEqual({ ...a, color: '#e15759' });
    const renamed = await call<Location>('PUT', update(a.id), { token: writer, body: { name: `${a.name} East` } });
    expect(renamed.body.name).toBe(`${a.name} East`);
    expect((await list()).find((l) => l.id === a.id)).toEqual({ ...a, name: `${a.name} East`, color: '#e15759' });

    const taken = await call<{ message: string }>('PUT', update(b.id), {
      token: writer,
      body: { name: `  ${a.name.toUpperCase()}   EAST ` },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/already exists/);
    const duplicate = await call<{ message: string }>('POST', ADD, {
      token: writer,
      body: { name: b.name, color: '#000000' },
    });
    expect(duplicate.status).toBe(409);
    // The old name is free again after the rename.
    const reused = await add(a.name);
    expect(reused.name).toBe(a.name);

    for (const [method, path, body] of [
      ['PUT', update('987654321'), { color: '#000000' }],
      ['DELETE', remove('987654321'), undefined],
    ] as const) {
      const result = await call<{ message: string }>(method, path, { token: writer, ...(body ? { body } : {}) });
      expect(result.status).toBe(404);
      expect(result.body.message).toBe('Location not found');
    }
  });

  it('moves the default in one step, refuses to delete the default, deletes others', async () => {
    const next = await add(`Hub ${unique()}`);
    const before = defaults(await list())[0]!;
    const moved = await call<Location>('PUT', update(next.id), { token: writer, body: { isDefault: true } });
    expect(moved.status).toBe(200);
    expect(moved.body.isDefault).toBe(true);
    let locations = await list();
    expect(defaults(locations).map((l) => l.id)).toEqual([next.id]);
    expect(locations.find((l) => l.id === before.id)?.isDefault).toBe(false);
    // Again: nothing changes.
    const again = await call<Location>('PUT', update(next.id), { token: writer, body: { isDefault: true } });
    expect(again.body.isDefault).toBe(true);

    const refused = await call<{ message: string }>('DELETE', remove(next.id), { token: writer });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Make another location the default before deleting this one');
    expect((await list()).some((l) => l.id === next.id)).toBe(true);

    const back = await call<Location>('PUT', update(before.id), { token: writer, body: { isDefault: true } });
    expect(back.body.isDefault).toBe(true);
    const deleted = await call<{ ok: boolean }>('DELETE', remove(next.id), { token: writer });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    locations = await list();
    expect(locations.some((l) => l.id === next.id)).toBe(false);
    expect(defaults(locations).map((l) => l.id)).toEqual([before.id]);
    const twice = await call('DELETE', remove(next.id), { token: writer });
    expect(twice.status).toBe(404);
  });

  it('concurrent setDefault calls end with exactly one default', async () => {
    const contenders = await Promise.all(Array.from({ length: 5 }, () => add(`Bay ${unique()}`)));
    const admin = await tokenFor('ADMIN');
    const results = await Promise.all(
      [...contenders, ...contenders].map((l, i) =>
        call<Location>('PUT', update(l.id), { token: i % 2 ? admin : writer, body: { isDefault: true } }),
      ),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const locations = await list();
    const now = defaults(locations);
    expect(now).toHaveLength(1);
    expect(contenders.map((c) => c.id)).toContain(now[0]!.id);
    // The deletion guard agrees with the list: only the one default is refused. The list is read again before each
    // deletion: the spec-client file, beside this one on the shared stack, moves the default and back.
    for (const c of contenders) {
      const isDefault = defaults(await list()).some((l) => l.id === c.id);
      const result = await call('DELETE', remove(c.id), { token: writer });
      expect(result.status).toBe(isDefault ? 409 : 200);
    }
  });

  it('writes an audit entry for every change, on both locations when the default moves', async () => {
    const loc = await add(`Audit ${unique()}`, '#bab0ac');
    await call('PUT', update(loc.id), { token: writer, body: { color: '#9c755f' } });
    const previous = defaults(await list())[0]!;
    await call('PUT', update(loc.id), { token: writer, body: { isDefault: true } });
    await call('PUT', update(previous.id), { token: writer, body: { isDefault: true } });
    await call('DELETE', remove(loc.id), { token: writer });

    const history = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/location/${loc.id}`, {
      token: reader,
    });
    expect(history.status).toBe(200);
    const entries = [...history.body.entries].reverse();
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', action: 'add', newValue: loc.name }),
        expect.objectContaining({ field: 'color', newValue: '#bab0ac' }),
      ]),
    );
    expect(entries[1]!.changes).toEqual([
      expect.objectContaining({ field: 'color', action: 'update', previousValue: '#bab0ac', newValue: '#9c755f' }),
    ]);
    expect(entries[2]!.changes).toEqual([
      expect.objectContaining({ field: 'isDefault', previousValue: false, newValue: true }),
    ]);
    expect(entries[3]!.changes).toEqual([
      expect.objectContaining({ field: 'isDefault', previousValue: true, newValue: false }),
    ]);
    expect(entries[4]!.changes).toEqual([expect.objectContaining({ field: 'name', previousValue: loc.name })]);

    const other = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/location/${previous.id}`, {
      token: reader,
    });
    const [latest, before] = other.body.entries;
    expect(latest!.changes).toEqual([expect.objectContaining({ field: 'isDefault', newValue: true })]);
    expect(before!.changes).toEqual([expect.objectContaining({ field: 'isDefault', newValue: false })]);
    expect(before!.notes).toBe(`Location ${loc.id} is the default now`);
  });
});
