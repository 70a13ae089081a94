import { randomBytes } from 'node:crypto';
import { productFiltersSchema, type SaveFilterBody, type SavedFilter } from '@bo/shared';
import { NotFoundError } from '../http/errors';
import { changeEntry } from './change-log';
import type { SavedFilterItem } from './entities/saved-filter';
import { db } from './service';
import { commitOrExplain, type Actor } from './transaction';

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
  const now = new Date().toISOString();
  const item: SavedFilterItem = {
    userId,
    filterId: newFilterId(),
    filterName: filterData.filterName,
    variant: filterData.variant,
    ...(filterData.filterBrandId ? { filterBrandId: filterData.filterBrandId } : {}),
    filters: filterData.filters,
    createdAt: now,
  };
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ savedFilter, changeLog }) => [
          savedFilter.create(item).commit(),
          changeLog.create(filterEntry(by, userId, item, 'add')).commit(),
        ])
        .go(),
    () => new Error('A saved filter with this id already exists'),
  );
  return toSavedFilter(item);
}

/** The user's saved filters, newest first (one Query of the user's partition, all pages). */
export async function listFilters(userId: string): Promise<SavedFilter[]> {
  const { data } = await db().entities.savedFilter.query.byUser({ userId }).go({ order: 'desc', pages: 'all' });
  return data.map(toSavedFilter);
}

/** Deletes one of the user's filters; another user's (or an unknown) id is not found. */
export async function removeFilter(userId: string, filterId: string, by: Actor): Promise<void> {
  const { data: before } = await db().entities.savedFilter.get({ userId, filterId }).go();
  if (!before) throw new NotFoundError('Saved filter not found');
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ savedFilter, changeLog }) => [
          savedFilter.remove({ userId, filterId }).commit(),
          changeLog.create(filterEntry(by, userId, before, 'remove')).commit(),
        ])
        .go(),
    () => new NotFoundError('Saved filter not found'),
  );
}

const filterEntry = (by: Actor, userId: string, item: SavedFilterItem, action: 'add' | 'remove') =>
  changeEntry({
    caller: by,
    entityType: 'user',
    entityId: userId,
    action: 'update',
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
