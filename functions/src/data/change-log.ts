import { randomUUID } from 'node:crypto';
import type { ChangeLogEntry, FieldChange } from '@bo/shared';
import type { Caller } from '../http/types';
import type { ChangeLogItem } from './entities/change-log';
import { db } from './service';

export interface ChangeInput {
  caller: Pick<Caller, 'userId'> & { name?: string };
  entityType: string;
  entityId: string;
  action: ChangeLogEntry['action'];
  changes: FieldChange[];
  notes?: string;
  at?: string;
}

/** The change-log item for a mutation; put it in the same transaction as the change (`db().entities.changeLog.create(...)`). */
export const changeEntry = ({
  caller,
  entityType,
  entityId,
  action,
  changes,
  notes,
  at,
}: ChangeInput): ChangeLogItem => ({
  id: randomUUID(),
  entityType,
  entityId,
  action,
  userId: caller.userId,
  ...(caller.name ? { userName: caller.name } : {}),
  createdAt: at ?? new Date().toISOString(),
  ...(notes ? { notes } : {}),
  changes,
});

export async function listChangeLog(entityType: string, entityId: string, page: { limit?: number; cursor?: string }) {
  const result = await db()
    .entities.changeLog.query.byEntity({ entityType, entityId })
    .go({ order: 'desc', limit: page.limit ?? 100, cursor: page.cursor ?? null });
  const names = await currentNames(result.data.map((item) => item.userId));
  const entries = result.data.map((item) => {
    const entry = toChangeLogEntry(item);
    const name = names.get(item.userId);
    return name ? { ...entry, userName: name } : entry;
  });
  return { entries, cursor: result.cursor };
}

/**
 * Who made each change, by their name today (one BatchGet for the page): tokens need not carry a name
 * (cognito-local's do not), and a renamed colleague reads the same across the history. Ids that are not
 * users (the SYSTEM actor, deleted users) keep the name stored with the entry.
 */
async function currentNames(userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)].filter((id) => id !== 'SYSTEM');
  if (ids.length === 0) return new Map();
  const { data } = await db()
    .entities.user.get(ids.map((id) => ({ id })))
    .go();
  return new Map(data.map((u) => [u.id, u.name]));
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
});
