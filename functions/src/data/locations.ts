import {
  byLocationId,
  DEFAULT_LOCATION_FALLBACK_ID,
  diffChanges,
  LOCATION_MESSAGES,
  type AddLocationBody,
  type FieldChange,
  type Location,
  type UpdateLocationBody,
} from '@bo/shared';
import { ConflictError, NotFoundError } from '../domain';
import { changeEntry } from './change-log';
import type { LocationItem } from './entities/location';
import { db } from './service';
import { commitOrExplain, type Actor } from './transaction';

/**
 * Pickup / packing locations. Ids come from an atomic counter; exactly one location is the default at any
 * time (see the invariants written beside the entities in `entities/location.ts`). Every write has its
 * change-log entry (entityType `location`) in the same transaction.
 */

export const LOCATION_FIELD_LABELS = { name: 'Name', color: 'Color', isDefault: 'Default' } as const;
type Tracked = { name: string; color: string; isDefault: boolean };

export const locationNotFound = () => new NotFoundError(LOCATION_MESSAGES.notFound);
const nameTaken = (name: string) => new ConflictError(`A location named "${name}" already exists`);
const changedWhileSaving = () => new ConflictError('The locations changed while saving; reload and try again');

/** The uniqueness key of a name: trimmed, lower case, single spaces. */
export const locationNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

const toLocation = (item: LocationItem): Location => ({
  id: item.locationId,
  name: item.name,
  color: item.color,
  isDefault: item.isDefault,
});

async function getLocationItem(locationId: string): Promise<LocationItem | undefined> {
  const { data } = await db().entities.location.get({ locationId }).go();
  return data ?? undefined;
}

export async function getLocation(locationId: string): Promise<Location | undefined> {
  const item = await getLocationItem(locationId);
  return item ? toLocation(item) : undefined;
}

/**
 * Every location, numbered by id (one Query of the locations partition; strongly consistent, so a screen
 * that refetches right after a change sees it — the list is a handful of small items).
 */
export async function listLocations(): Promise<Location[]> {
  const { data } = await db().entities.location.query.byId({}).go({ pages: 'all', consistent: true });
  return data.map(toLocation).sort(byLocationId);
}

/** The default location's id; `DEFAULT_LOCATION_FALLBACK_ID` ('1') while there is none (spec section 9). */
export async function defaultLocationId(): Promise<string> {
  const { data } = await db().entities.locationDefault.get({}).go();
  return data?.locationId ?? DEFAULT_LOCATION_FALLBACK_ID;
}

async function nextLocationNumber(): Promise<number> {
  const { data } = await db().entities.locationCounter.update({}).add({ seq: 1 }).go({ response: 'updated_new' });
  return data.seq ?? 1;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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
  const { data: taken } = await db().entities.locationName.get({ nameKey }).go();
  if (taken) throw nameTaken(input.name);
  const locationId = String(await nextLocationNumber());
  for (let attempt = 0; ; attempt++) {
    const { data: pointer } = await db().entities.locationDefault.get({}).go();
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
    try {
      await commitOrExplain(
        () =>
          db()
            .transaction.write(({ location, locationName, locationDefault, changeLog }) => [
              location.create(item).commit(),
              locationName.create({ nameKey, locationId }).commit(),
              changeLog
                .create(
                  changeEntry({
                    caller: by,
                    entityType: 'location',
                    entityId: locationId,
                    action: 'create',
                    changes: diffChanges<Tracked>(undefined, item, LOCATION_FIELD_LABELS),
                    at: now,
                  }),
                )
                .commit(),
              ...(isDefault ? [locationDefault.create({ locationId, modifiedOn: now }).commit()] : []),
            ])
            .go(),
        (failed) =>
          failed.includes(1) ? nameTaken(input.name) : failed.includes(3) ? new Stale() : changedWhileSaving(),
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
    const oldDefault = makeDefault ? (await db().entities.locationDefault.get({}).go()).data?.locationId : undefined;
    const now = new Date().toISOString();
    const set = { ...fields, ...(makeDefault ? { isDefault: true } : {}), modifiedOn: now };
    const entry = (entityId: string, entryChanges: FieldChange[], notes?: string) =>
      changeEntry({
        caller: by,
        entityType: 'location',
        entityId,
        action: 'update',
        changes: entryChanges,
        notes,
        at: now,
      });

    const movesOld = makeDefault && oldDefault !== undefined && oldDefault !== locationId;
    /** What each transaction item guards, by position (the order of the items below), to explain a cancellation. */
    const roles = [
      'target',
      'audit',
      ...(renamed ? ['name', 'oldName'] : []),
      ...(makeDefault ? ['pointer'] : []),
      ...(movesOld ? ['oldDefault', 'audit'] : []),
    ];
    try {
      await commitOrExplain(
        () =>
          db()
            .transaction.write(({ location, locationName, locationDefault, changeLog }) => [
              location
                .patch({ locationId })
                .set(set)
                .add({ version: 1 })
                .where((attr, { eq }) =>
                  makeDefault
                    ? `${eq(attr.version, before.version)} AND ${eq(attr.isDefault, false)}`
                    : eq(attr.version, before.version),
                )
                .commit(),
              changeLog.create(entry(locationId, changes)).commit(),
              ...(renamed
                ? [
                    locationName.create({ nameKey: newKey, locationId }).commit(),
                    locationName.delete({ nameKey: oldKey }).commit(),
                  ]
                : []),
              ...(makeDefault
                ? [
                    oldDefault === undefined
                      ? locationDefault.create({ locationId, modifiedOn: now }).commit()
                      : locationDefault
                          .patch({})
                          .set({ locationId, modifiedOn: now })
                          .where(({ locationId: current }, { eq }) => eq(current, oldDefault))
                          .commit(),
                  ]
                : []),
              ...(movesOld
                ? [
                    location
                      .patch({ locationId: oldDefault! })
                      .set({ isDefault: false, modifiedOn: now })
                      .add({ version: 1 })
                      .where(({ isDefault }, { eq }) => eq(isDefault, true))
                      .commit(),
                    changeLog
                      .create(
                        entry(
                          oldDefault!,
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
                      )
                      .commit(),
                  ]
                : []),
            ])
            .go(),
        (failed) => {
          const why = new Set(failed.map((i) => roles[i]));
          if (why.has('name')) return nameTaken(fields.name ?? before.name);
          if (why.has('target') || why.has('pointer') || why.has('oldDefault')) return new Stale();
          return changedWhileSaving();
        },
      );
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
  const now = new Date().toISOString();
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ location, locationName, changeLog }) => [
          location
            .remove({ locationId })
            .where(({ isDefault }, { eq }) => eq(isDefault, false))
            .commit(),
          locationName.delete({ nameKey: locationNameKey(before.name) }).commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'location',
                entityId: locationId,
                action: 'delete',
                changes: [
                  { name: LOCATION_FIELD_LABELS.name, field: 'name', action: 'remove', previousValue: before.name },
                ],
                at: now,
              }),
            )
            .commit(),
        ])
        .go(),
    () => changedWhileSaving(),
  ).catch(async (error: unknown) => {
    const current = await getLocationItem(locationId);
    if (!current) throw locationNotFound();
    if (current.isDefault) throw new ConflictError(LOCATION_MESSAGES.deleteDefault);
    throw error;
  });
}
