import { defineEntity } from '../core';

/**
 * Pickup / packing locations: a short list (a handful, tens at most), all in one partition (collection
 * `locations`), with three helper items beside them.
 *
 * Access patterns:
 * - location: Get one — sk locationId; the whole list — one Query of the partition (begins_with on the
 *   location prefix), sorted numerically by id in code.
 * - locationCounter: UpdateItem `ADD seq 1` returning the new value gives the next id ('1', '2', …), unique
 *   under concurrency. A create that then fails leaves a gap; ids are never reused.
 * - locationDefault: Get — which location is the default. The pointer item serializes every change of the
 *   default: the first location is created together with the pointer (`attribute_not_exists`), and making
 *   another location the default is one transaction that moves the pointer (condition: it still names the
 *   old default), clears the old default's flag (condition: isDefault = true) and sets the new one's
 *   (condition: it exists and isDefault = false). Each such transaction turns exactly one flag off and one
 *   on, so there is always exactly one default; concurrent calls conflict on the pointer and retry.
 *   Deleting a location carries the condition isDefault = false, so the default is never deleted.
 * - locationName: Get/Put/Delete by normalized name (trimmed, lower case, single spaces) — a uniqueness
 *   guard written in the same transaction as the create, rename or delete.
 */
export interface LocationItem {
  locationId: string;
  name: string;
  color: string;
  isDefault: boolean;
  /** Optimistic lock for name/color edits. */
  version: number;
  createdAt: string;
  modifiedOn: string;
}
export const locationEntity = defineEntity<LocationItem>()({
  entity: 'location',
  version: '1',
  primary: { pk: [], sk: ['locationId'], collection: 'locations' },
});

export interface LocationCounterItem {
  seq: number;
}
export const locationCounterEntity = defineEntity<LocationCounterItem>()({
  entity: 'locationCounter',
  version: '1',
  primary: { pk: [], sk: [], collection: 'locations' },
});

export interface LocationDefaultItem {
  locationId: string;
  modifiedOn: string;
}
export const locationDefaultEntity = defineEntity<LocationDefaultItem>()({
  entity: 'locationDefault',
  version: '1',
  primary: { pk: [], sk: [], collection: 'locations' },
});

export interface LocationNameItem {
  nameKey: string;
  locationId: string;
}
export const locationNameEntity = defineEntity<LocationNameItem>()({
  entity: 'locationName',
  version: '1',
  primary: { pk: [], sk: ['nameKey'], collection: 'locations' },
});
