import type { SAVED_FILTER_VARIANTS } from '@bo/shared';
import { defineEntity } from '../core';

/** A user's saved product/inventory filter. */
export interface SavedFilterItem {
  userId: string;
  filterId: string;
  filterName: string;
  variant: (typeof SAVED_FILTER_VARIANTS)[number];
  filterBrandId?: string;
  filters: unknown;
  createdAt: string;
}

/**
 * Access patterns:
 * - primary: a user's filters, newest first — pk userId, sk filterId. Ids are time-ordered (base-36
 *   milliseconds + random), so a descending Query is newest first, and deleting "one of mine" is a keyed
 *   delete on (caller, id): another user's filter is simply not found.
 */
export const savedFilterEntity = defineEntity<SavedFilterItem>()({
  entity: 'savedFilter',
  version: '1',
  primary: { pk: ['userId'], sk: ['filterId'] },
});
