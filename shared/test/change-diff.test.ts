import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffChanges } from '../src/rules/change-diff';

const labels = { name: 'Name', title: 'Title', role: 'Role', limits: 'Limits' } as const;

describe('diffChanges', () => {
  it('reports updated, added and removed scalar fields with their values', () => {
    expect(diffChanges({ name: 'Ann', title: 'Rep' }, { name: 'Anne', title: '' }, labels)).toEqual([
      { name: 'Name', field: 'name', action: 'update', previousValue: 'Ann', newValue: 'Anne' },
      { name: 'Title', field: 'title', action: 'remove', previousValue: 'Rep' },
    ]);
    expect(diffChanges(undefined, { name: 'Ann' }, labels)).toEqual([
      { name: 'Name', field: 'name', action: 'add', newValue: 'Ann' },
    ]);
  });

  it('compares lists as sets, one change per element with the element as subfield', () => {
    expect(diffChanges({ role: ['ADMIN', 'SALES'] }, { role: ['SALES', 'DRIVER'] }, labels)).toEqual([
      { name: 'Role', field: 'role', subfield: 'DRIVER', action: 'add', newValue: 'DRIVER' },
      { name: 'Role', field: 'role', subfield: 'ADMIN', action: 'remove', previousValue: 'ADMIN' },
    ]);
    expect(diffChanges({ role: ['A', 'B'] }, { role: ['B', 'A'] }, labels)).toEqual([]);
  });

  it('compares nested objects key by key', () => {
    expect(diffChanges({ limits: { flower: 10, vape: 5 } }, { limits: { flower: 12, vape: 5 } }, labels)).toEqual([
      { name: 'Limits', field: 'limits', subfield: 'flower', action: 'update', previousValue: 10, newValue: 12 },
    ]);
  });

  it('ignores untracked fields and fields absent from the update', () => {
    expect(diffChanges({ name: 'A', secret: 1 } as Record<string, unknown>, { secret: 2 }, labels)).toEqual([]);
  });

  it('finds no change between a record and itself', () => {
    fc.assert(
      fc.property(fc.record({ name: fc.string(), title: fc.string(), role: fc.array(fc.string()) }), (r) => {
        expect(diffChanges(r, r, labels)).toEqual([]);
      }),
    );
  });
});
