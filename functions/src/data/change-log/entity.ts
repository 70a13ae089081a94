import type { ChangeLogEntry } from '@bo/shared';
import { defineEntity } from '../core';

/** An audit entry, written in the same transaction as the change it describes. */
export type ChangeLogItem = ChangeLogEntry;

/**
 * Access patterns:
 * - primary: one entity's history, newest first — pk entityType + entityId, sk createdAt + id.
 * - byUser (gsi1): what one user changed, newest first — pk userId, sk createdAt + id.
 */
export const changeLogEntity = defineEntity<ChangeLogItem>()({
  entity: 'changeLog',
  version: '1',
  primary: { pk: ['entityType', 'entityId'], sk: ['createdAt', 'id'] },
  indexes: { byUser: { index: 'gsi1', pk: ['userId'], sk: ['createdAt', 'id'] } },
});
