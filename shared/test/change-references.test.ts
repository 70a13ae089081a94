import { describe, expect, it } from 'vitest';
import { nameReferences, referencedIds, type ChangeLogEntry } from '../src';

const entry = (changes: ChangeLogEntry['changes']): ChangeLogEntry => ({
  id: 'e',
  action: 'update',
  entityType: 'order',
  entityId: 'o-1',
  userId: 'u-1',
  createdAt: '2025-03-05T12:00:00.000Z',
  changes,
});

describe('change-log references', () => {
  const page = [
    entry([
      { name: 'Driver', field: 'driverId', action: 'update', previousValue: 'u-a', newValue: 'u-b' },
      { name: 'Packing location', field: 'packingLocationId', action: 'update', previousValue: '3', newValue: '1' },
      { name: 'Notes', field: 'notes', action: 'add', newValue: 'u-a' },
    ]),
    entry([{ name: 'Driver', field: 'driverId', action: 'remove', previousValue: 'u-b' }]),
  ];

  it('collects the ids a page points at, once each, by kind; other fields are not ids', () => {
    expect(Object.fromEntries(referencedIds('order', page))).toEqual({ user: ['u-a', 'u-b'], location: ['3', '1'] });
    expect(referencedIds('payroll', page).size).toBe(0);
  });

  it('names the ids it has names for and leaves the rest (and the stored values) as they were', () => {
    const named = nameReferences(
      'order',
      page,
      new Map([
        ['user', new Map([['u-b', 'Dan Driver']])],
        ['location', new Map([['3', 'East Dock']])],
      ]),
    );
    expect(named[0]!.changes[0]).toEqual({ ...page[0]!.changes[0], newName: 'Dan Driver' });
    expect(named[0]!.changes[1]).toEqual({ ...page[0]!.changes[1], previousName: 'East Dock' });
    expect(named[0]!.changes[2]).toEqual(page[0]!.changes[2]);
    expect(named[1]!.changes[0]).toEqual({ ...page[1]!.changes[0], previousName: 'Dan Driver' });
  });
});
