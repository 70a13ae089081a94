import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangeLogEntry } from '@bo/shared';
import { createBrand, createLocation, createProductType, updateBrand } from '../src/data';
import { handler as getAll } from '../src/handlers/changelog/getAll';
import { apiEvent, invoke } from './support/event';
import { useFreshTable } from './support/env';

const actor = { userId: 'inv-names', roles: ['INVENTORY' as const], isAdmin: false, name: 'Ivy' };

beforeAll(useFreshTable);

describe('changelog/getAll names the ids in change values', () => {
  it('gives the name of a location a brand change points at, and leaves values that are not ids alone', async () => {
    const dock = await createLocation({ name: 'Names Dock', color: '#1f77b4' }, actor);
    await createProductType({ name: 'Names Type' }, actor);
    const brand = await createBrand({ name: 'Names Co', skucode: 'NMS' }, actor);
    await updateBrand(brand.id, { defaultLocationId: dock.id, website: 'https://names.example.com' }, actor);

    const result = await invoke<{ entries: ChangeLogEntry[] }>(
      getAll,
      apiEvent({ sub: 'sales-names', roles: ['SALES'], params: { entityType: 'brand', entityId: brand.id } }),
    );
    expect(result.status).toBe(200);
    const changes = result.body.entries.flatMap((e) => e.changes);
    expect(changes).toContainEqual(
      expect.objectContaining({ field: 'defaultLocationId', newValue: dock.id, newName: 'Names Dock' }),
    );
    const website = changes.find((c) => c.field === 'website');
    expect(website).toMatchObject({ newValue: 'https://names.example.com' });
    expect(website).not.toHaveProperty('newName');
  });
});
