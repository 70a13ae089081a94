import { Entity, type EntityItem } from 'electrodb';

/**
 * Pickup / packing locations: a short list (a handful, tens at most), all in one partition
 * (collection `locations`), with three helper items beside them.
 *
 * Access patterns:
 * - location byId: Get one — sk locationId; the whole list — one Query of the partition (begins_with on
 *   the location prefix), sorted numerically by id in code.
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
export const locationEntity = new Entity({
  model: { entity: 'location', version: '1', service: 'bo' },
  attributes: {
    locationId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    color: { type: 'string', required: true },
    isDefault: { type: 'boolean', required: true, default: false },
    /** Optimistic lock for name/color edits. */
    version: { type: 'number', required: true, default: 1 },
    createdAt: { type: 'string', required: true, readOnly: true },
    modifiedOn: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      collection: 'locations',
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: ['locationId'] },
    },
  },
});

export const locationCounterEntity = new Entity({
  model: { entity: 'locationCounter', version: '1', service: 'bo' },
  attributes: {
    seq: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    single: {
      collection: 'locations',
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

export const locationDefaultEntity = new Entity({
  model: { entity: 'locationDefault', version: '1', service: 'bo' },
  attributes: {
    locationId: { type: 'string', required: true },
    modifiedOn: { type: 'string', required: true },
  },
  indexes: {
    single: {
      collection: 'locations',
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

export const locationNameEntity = new Entity({
  model: { entity: 'locationName', version: '1', service: 'bo' },
  attributes: {
    nameKey: { type: 'string', required: true, readOnly: true },
    locationId: { type: 'string', required: true },
  },
  indexes: {
    byName: {
      collection: 'locations',
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: ['nameKey'] },
    },
  },
});

export type LocationItem = EntityItem<typeof locationEntity>;
export type LocationDefaultItem = EntityItem<typeof locationDefaultEntity>;
