import {
  diffChanges,
  LOCATION_MESSAGES,
  type AddLocationBody,
  type FieldChange,
  type Location,
  type UpdateLocationBody,
} from '@bo/shared';
import { type Actor, ConflictError } from '../../domain';
import { and, eq, get, sleep, transaction, update } from '../core';
import { logChange } from '../change-log';
import { locationCounterEntity, locationDefaultEntity, locationEntity, locationNameEntity } from './entity';
import { getLocationItem } from './reads';
import {
  LOCATION_FIELD_LABELS,
  type Tracked,
  changedWhileSaving,
  locationNameKey,
  locationNotFound,
  nameTaken,
  toLocation,
} from './records';

/**
 * Location writes. Ids come from an atomic counter; exactly one location is the default at any time (the
 * invariants are written beside the entities in `entity.ts`). Every write has its change-log entry
 * (entityType `location`) in the same transaction.
 */

async function nextLocationNumber(): Promise<number> {
  const counter = await update(locationCounterEntity, {}, { add: { seq: 1 } }, { mustExist: false });
  return counter.seq ?? 1;
}

const jitter = (attempt: number) => Math.min(400, 20 * 2 ** attempt) * (0.5 + Math.random());
/** Conditional failures caused by a concurrent change of the default are re-read and retried this often. */
const RETRIES = 20;

/** A retryable conflict: the default or the location moved between our read and our write. */
class Stale extends Error {}

/**
 * Creates a location with the next number. The first location ever becomes the default: it is created
 * together with the default pointer, whose `attribute_not_exists` condition lets only one of several
 * concurrent first creates win; the others are created as ordinary locations.
 */
export async function createLocation(input: AddLocationBody, by: Actor): Promise<Location> {
  const nameKey = locationNameKey(input.name);
  // A name in use is refused before a number is taken (the transaction's guard still decides races).
  const taken = await get(locationNameEntity, { nameKey });
  if (taken) throw nameTaken(input.name);
  const locationId = String(await nextLocationNumber());
  for (let attempt = 0; ; attempt++) {
    const pointer = await get(locationDefaultEntity, {});
    const isDefault = !pointer;
    const now = new Date().toISOString();
    const item = {
      locationId,
      name: input.name,
      color: input.color,
      isDefault,
      version: 1,
      createdAt: now,
      modifiedOn: now,
    };
    const tx = transaction()
      .put('location', locationEntity, item, { ifAbsent: true })
      .put('name', locationNameEntity, { nameKey, locationId }, { ifAbsent: true });
    logChange(tx, {
      caller: by,
      entityType: 'location',
      entityId: locationId,
      action: 'create',
      changes: diffChanges<Tracked>(undefined, item, LOCATION_FIELD_LABELS),
      at: now,
    });
    if (isDefault) tx.put('pointer', locationDefaultEntity, { locationId, modifiedOn: now }, { ifAbsent: true });
    try {
      await tx.commit((failed) =>
        failed.has('name') ? nameTaken(input.name) : failed.has('pointer') ? new Stale() : changedWhileSaving(),
      );
      return toLocation(item);
    } catch (error) {
      if (error instanceof Stale && attempt < RETRIES) continue;
      if (error instanceof Stale) throw changedWhileSaving();
      throw error;
    }
  }
}

/**
 * Sets a location's name and/or color, and/or makes it the default. Making it the default is one
 * transaction: the pointer moves (condition: it still names the old default), the old default's flag goes
 * off (condition: it is on) and this one's goes on (condition: exists, off), with an audit entry for both
 * locations. A concurrent change of the default cancels it; it is then re-read and retried, so several
 * simultaneous calls end with exactly one default (the last to commit).
 */
export async function updateLocation(locationId: string, input: UpdateLocationBody, by: Actor): Promise<Location> {
  for (let attempt = 0; ; attempt++) {
    const before = await getLocationItem(locationId);
    if (!before) throw locationNotFound();
    const fields: Partial<Tracked> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
    };
    const makeDefault = input.isDefault === true && !before.isDefault;
    const changes: FieldChange[] = diffChanges<Tracked>(
      before,
      { ...fields, ...(makeDefault ? { isDefault: true } : {}) },
      LOCATION_FIELD_LABELS,
    );
    if (changes.length === 0) return toLocation(before);
    const oldKey = locationNameKey(before.name);
    const newKey = fields.name === undefined ? oldKey : locationNameKey(fields.name);
    const renamed = newKey !== oldKey;
    const oldDefault = makeDefault ? (await get(locationDefaultEntity, {}))?.locationId : undefined;
    const now = new Date().toISOString();
    const set = { ...fields, ...(makeDefault ? { isDefault: true } : {}), modifiedOn: now };
    const entry = (entityId: string, entryChanges: FieldChange[], notes?: string) => ({
      caller: by,
      entityType: 'location',
      entityId,
      action: 'update' as const,
      changes: entryChanges,
      notes,
      at: now,
    });

    const movesOld = makeDefault && oldDefault !== undefined && oldDefault !== locationId;
    const tx = transaction().update(
      'target',
      locationEntity,
      { locationId },
      { set, add: { version: 1 } },
      {
        condition: makeDefault
          ? and(eq('version', before.version), eq('isDefault', false))
          : eq('version', before.version),
      },
    );
    logChange(tx, entry(locationId, changes));
    if (renamed)
      tx.put('name', locationNameEntity, { nameKey: newKey, locationId }, { ifAbsent: true }).delete(
        'old name',
        locationNameEntity,
        { nameKey: oldKey },
      );
    if (makeDefault) {
      if (oldDefault === undefined)
        tx.put('pointer', locationDefaultEntity, { locationId, modifiedOn: now }, { ifAbsent: true });
      else
        tx.update(
          'pointer',
          locationDefaultEntity,
          {},
          { set: { locationId, modifiedOn: now } },
          { condition: eq('locationId', oldDefault) },
        );
    }
    if (movesOld) {
      tx.update(
        'old default',
        locationEntity,
        { locationId: oldDefault },
        { set: { isDefault: false, modifiedOn: now }, add: { version: 1 } },
        { condition: eq('isDefault', true) },
      );
      logChange(
        tx,
        entry(
          oldDefault,
          [
            {
              name: LOCATION_FIELD_LABELS.isDefault,
              field: 'isDefault',
              action: 'update',
              previousValue: true,
              newValue: false,
            },
          ],
          `Location ${locationId} is the default now`,
        ),
        'old default change log',
      );
    }
    try {
      await tx.commit((failed) => {
        if (failed.has('name')) return nameTaken(fields.name ?? before.name);
        if (failed.has('target') || failed.has('pointer') || failed.has('old default')) return new Stale();
        return changedWhileSaving();
      });
    } catch (error) {
      if (error instanceof Stale && attempt < RETRIES) {
        await sleep(jitter(attempt));
        continue;
      }
      if (error instanceof Stale) throw changedWhileSaving();
      throw error;
    }
    return toLocation({ ...before, ...set, version: before.version + 1 });
  }
}

/**
 * Deletes a location, never the default: the delete carries the condition isDefault = false (409 with
 * LOCATION_MESSAGES.deleteDefault); 404 when unknown. Orders and brands that name it keep the id; the
 * packing-location rule falls back to the default location for an id that no longer exists.
 */
export async function removeLocation(locationId: string, by: Actor): Promise<void> {
  const before = await getLocationItem(locationId);
  if (!before) throw locationNotFound();
  if (before.isDefault) throw new ConflictError(LOCATION_MESSAGES.deleteDefault);
  const tx = transaction()
    .delete('location', locationEntity, { locationId }, { mustExist: true, condition: eq('isDefault', false) })
    .delete('name', locationNameEntity, { nameKey: locationNameKey(before.name) });
  logChange(tx, {
    caller: by,
    entityType: 'location',
    entityId: locationId,
    action: 'delete',
    changes: [{ name: LOCATION_FIELD_LABELS.name, field: 'name', action: 'remove', previousValue: before.name }],
  });
  await tx
    .commit(() => changedWhileSaving())
    .catch(async (error: unknown) => {
      const current = await getLocationItem(locationId);
      if (!current) throw locationNotFound();
      if (current.isDefault) throw new ConflictError(LOCATION_MESSAGES.deleteDefault);
      throw error;
    });
}
