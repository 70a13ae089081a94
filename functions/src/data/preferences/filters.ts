import { randomBytes } from 'node:crypto';
import { productFiltersSchema, type SaveFilterBody, type SavedFilter } from '@bo/shared';
import { type Actor, NotFoundError } from '../../domain';
import { get, queryAll, transaction } from '../core';
import { logChange } from '../change-log';
import { type SavedFilterItem, savedFilterEntity } from './entity';

/** Saved product/inventory filters, per user. Each save or delete leaves an entry on the user (field `savedFilters`). */

/** Time-ordered id: base-36 milliseconds (fixed width) + random, so the user's partition sorts newest last. */
const newFilterId = () => `${Date.now().toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;

const toSavedFilter = (item: SavedFilterItem): SavedFilter => ({
  id: item.filterId,
  userId: item.userId,
  settings: {
    filterName: item.filterName,
    variant: item.variant,
    ...(item.filterBrandId ? { filterBrandId: item.filterBrandId } : {}),
    filterData: productFiltersSchema.parse(item.filters),
  },
  createdAt: item.createdAt,
});

export async function saveFilter(
  userId: string,
  filterData: SaveFilterBody['filterData'],
  by: Actor,
): Promise<SavedFilter> {
  const item: SavedFilterItem = {
    userId,
    filterId: newFilterId(),
    filterName: filterData.filterName,
    variant: filterData.variant,
    ...(filterData.filterBrandId ? { filterBrandId: filterData.filterBrandId } : {}),
    filters: filterData.filters,
    createdAt: new Date().toISOString(),
  };
  const tx = transaction().put('saved filter', savedFilterEntity, item, { ifAbsent: true });
  logChange(tx, filterChange(by, userId, item, 'add'));
  await tx.commit(() => new Error('A saved filter with this id already exists'));
  return toSavedFilter(item);
}

/** The user's saved filters, newest first (one Query of the user's partition, all pages). */
export async function listFilters(userId: string): Promise<SavedFilter[]> {
  const items = await queryAll(savedFilterEntity, 'primary', { userId }, { order: 'desc' });
  return items.map(toSavedFilter);
}

/** Deletes one of the user's filters; another user's (or an unknown) id is not found. */
export async function removeFilter(userId: string, filterId: string, by: Actor): Promise<void> {
  const before = await get(savedFilterEntity, { userId, filterId });
  if (!before) throw new NotFoundError('Saved filter not found');
  const tx = transaction().delete('saved filter', savedFilterEntity, { userId, filterId }, { mustExist: true });
  logChange(tx, filterChange(by, userId, before, 'remove'));
  await tx.commit(() => new NotFoundError('Saved filter not found'));
}

const filterChange = (by: Actor, userId: string, item: SavedFilterItem, action: 'add' | 'remove') => ({
  caller: by,
  entityType: 'user',
  entityId: userId,
  action: 'update' as const,
  changes: [
    {
      name: 'Saved filter',
      field: 'savedFilters',
      subfield: item.filterId,
      action,
      ...(action === 'add' ? { newValue: item.filterName } : { previousValue: item.filterName }),
    },
  ],
});
