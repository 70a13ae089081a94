import type { ChangeLogEntry, FieldChange } from '@bo/shared';
import { batchGet, query } from '../core';
import { userEntity } from '../users/entity';
import { type ChangeLogItem, changeLogEntity } from './entity';

/** One entity's history, newest first, a page at a time; people named as they are called today. */
export async function listChangeLog(entityType: string, entityId: string, page: { limit?: number; cursor?: string }) {
  const { items, cursor } = await query(
    changeLogEntity,
    'primary',
    { entityType, entityId },
    { order: 'desc', limit: page.limit ?? 100, cursor: page.cursor ?? null },
  );
  const names = await currentNames(items.map((item) => item.userId));
  const entries = items.map((item) => {
    const entry = toChangeLogEntry(item);
    const name = names.get(item.userId);
    return name ? { ...entry, userName: name } : entry;
  });
  return { entries, cursor };
}

/**
 * Who made each change, by their name today (one BatchGet for the page): tokens need not carry a name
 * (cognito-local's do not), and a renamed colleague reads the same across the history. Ids that are not
 * users (the SYSTEM actor, deleted users) keep the name stored with the entry.
 */
async function currentNames(userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)].filter((id) => id !== 'SYSTEM');
  if (ids.length === 0) return new Map();
  const users = await batchGet(
    userEntity,
    ids.map((id) => ({ id })),
  );
  return new Map(users.map((u) => [u.id, u.name]));
}

const toChangeLogEntry = (item: ChangeLogItem): ChangeLogEntry => ({
  id: item.id,
  action: item.action,
  entityType: item.entityType,
  entityId: item.entityId,
  userId: item.userId,
  ...(item.userName ? { userName: item.userName } : {}),
  createdAt: item.createdAt,
  ...(item.notes ? { notes: item.notes } : {}),
  changes: (item.changes ?? []) as FieldChange[],
  ...(item.order ? { order: item.order } : {}),
});
