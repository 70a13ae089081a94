import { SAVED_FILTER_VARIANTS } from '@bo/shared';
import { Entity, type EntityItem } from 'electrodb';

/**
 * A user's saved product/inventory filter.
 * Access patterns:
 * - byUser: a user's filters, newest first — pk userId, sk filterId. Ids are time-ordered
 *   (base-36 milliseconds + random), so a descending Query is newest first, and deleting "one of mine"
 *   is a keyed delete on (caller, id): another user's filter is simply not found.
 */
export const savedFilterEntity = new Entity({
  model: { entity: 'savedFilter', version: '1', service: 'bo' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    filterId: { type: 'string', required: true, readOnly: true },
    filterName: { type: 'string', required: true },
    variant: { type: [...SAVED_FILTER_VARIANTS] as const, required: true },
    filterBrandId: { type: 'string' },
    filters: { type: 'any', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['filterId'] },
    },
  },
});

export type SavedFilterItem = EntityItem<typeof savedFilterEntity>;
