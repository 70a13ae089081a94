import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DriverDay } from '@bo/shared';
import type { QueueEntry } from './types';

/**
 * The phone's own store (IndexedDB, through `idb`): the queue of actions taken without signal, in the order
 * they were taken, and the last good answer of each driver's day. Both are kept per user, so a phone shared
 * by two drivers never shows or sends one's records with the other's session.
 */
export const DRIVER_DB_NAME = 'bo-driver';
const VERSION = 1;

/** A queue entry as stored: `seq` (the store's auto-increment key) is the order the actions were taken in. */
export type StoredEntry = QueueEntry & { seq?: number };

export interface StoredDay {
  /** `${userId}|${day}` */
  key: string;
  userId: string;
  day: string;
  data: DriverDay;
  savedAt: string;
}

interface DriverDb extends DBSchema {
  queue: { key: number; value: StoredEntry; indexes: { byId: string; byUser: string } };
  days: { key: string; value: StoredDay; indexes: { byUser: string } };
}

let opening: Promise<IDBPDatabase<DriverDb>> | undefined;

export function driverDb(): Promise<IDBPDatabase<DriverDb>> {
  opening ??= openDB<DriverDb>(DRIVER_DB_NAME, VERSION, {
    upgrade(db) {
      const queue = db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      queue.createIndex('byId', 'id', { unique: true });
      // An index lists records by its key, then by primary key: one user's entries come in `seq` order.
      queue.createIndex('byUser', 'userId');
      const days = db.createObjectStore('days', { keyPath: 'key' });
      days.createIndex('byUser', 'userId');
    },
    // Another tab opened a newer version of the app: let it upgrade, and open again on the next call.
    blocking() {
      void opening?.then((db) => db.close());
      opening = undefined;
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** Closes the connection (tests delete the database between cases). */
export async function closeDriverDb(): Promise<void> {
  const db = await opening?.catch(() => undefined);
  opening = undefined;
  db?.close();
}

const withoutSeq = ({ seq: _seq, ...entry }: StoredEntry): QueueEntry => entry;

/** One user's entries, oldest first. */
export async function entriesOf(userId: string): Promise<QueueEntry[]> {
  const db = await driverDb();
  return (await db.getAllFromIndex('queue', 'byUser', userId)).map(withoutSeq);
}

/**
 * The user's oldest entry still to send (`waiting`, or `sending` when a page closed with it on the wire), read
 * with a cursor: entries hold proof images, and a queue of fifty should not be read whole for each send.
 */
export async function firstLiveEntry(userId: string): Promise<QueueEntry | undefined> {
  const db = await driverDb();
  const tx = db.transaction('queue');
  for await (const cursor of tx.store.index('byUser').iterate(userId)) {
    const { state } = cursor.value;
    if (state === 'waiting' || state === 'sending') return withoutSeq(cursor.value);
  }
  return undefined;
}

export async function addEntry(entry: QueueEntry): Promise<void> {
  const db = await driverDb();
  await db.add('queue', { ...entry });
}

/** Changes one entry in place (its place in the queue stays): the new entry, or undefined when it is gone. */
export async function updateEntry(
  id: string,
  change: (entry: QueueEntry) => QueueEntry,
): Promise<QueueEntry | undefined> {
  const db = await driverDb();
  const tx = db.transaction('queue', 'readwrite');
  const stored = await tx.store.index('byId').get(id);
  if (!stored) {
    await tx.done;
    return undefined;
  }
  const next = change(withoutSeq(stored));
  await tx.store.put({ ...next, seq: stored.seq });
  await tx.done;
  return next;
}

/** Changes the user's entries that `change` returns a new version of (one pass, in one transaction). */
export async function updateEntries(
  userId: string,
  change: (entry: QueueEntry) => QueueEntry | undefined,
): Promise<QueueEntry[]> {
  const db = await driverDb();
  const tx = db.transaction('queue', 'readwrite');
  const changed: QueueEntry[] = [];
  for await (const cursor of tx.store.index('byUser').iterate(userId)) {
    const next = change(withoutSeq(cursor.value));
    if (!next) continue;
    await cursor.update({ ...next, seq: cursor.value.seq });
    changed.push(next);
  }
  await tx.done;
  return changed;
}

export async function removeEntry(id: string): Promise<void> {
  const db = await driverDb();
  const tx = db.transaction('queue', 'readwrite');
  const key = await tx.store.index('byId').getKey(id);
  if (key !== undefined) await tx.store.delete(key);
  await tx.done;
}

const dayKey = (userId: string, day: string) => `${userId}|${day}`;

export async function saveDay(
  userId: string,
  day: string,
  data: DriverDay,
  savedAt = new Date().toISOString(),
): Promise<StoredDay> {
  const db = await driverDb();
  const stored: StoredDay = { key: dayKey(userId, day), userId, day, data, savedAt };
  await db.put('days', stored);
  return stored;
}

export async function loadDay(userId: string, day: string): Promise<StoredDay | undefined> {
  const db = await driverDb();
  return db.get('days', dayKey(userId, day));
}

/** Days older than the `keep` most recent of a user are dropped when a new one is saved. */
export async function pruneDays(userId: string, keep = 7): Promise<void> {
  const db = await driverDb();
  const tx = db.transaction('days', 'readwrite');
  const days = await tx.store.index('byUser').getAll(userId);
  const old = days.sort((a, b) => b.day.localeCompare(a.day)).slice(keep);
  await Promise.all(old.map((d) => tx.store.delete(d.key)));
  await tx.done;
}
