import { CHANGE_ACTIONS } from '@bo/shared';
import { Entity, type EntityItem } from 'electrodb';

/**
 * Audit entries, written in the same transaction as the change they describe.
 * Access patterns:
 * - byEntity: one entity's history, newest first — pk entityType+entityId, sk createdAt+id.
 * - byUser (gsi1): what one user changed, newest first — pk userId, sk createdAt.
 */
export const changeLogEntity = new Entity({
  model: { entity: 'changeLog', version: '1', service: 'bo' },
  attributes: {
    id: { type: 'string', required: true },
    entityType: { type: 'string', required: true },
    entityId: { type: 'string', required: true },
    action: { type: [...CHANGE_ACTIONS] as const, required: true },
    userId: { type: 'string', required: true },
    userName: { type: 'string' },
    createdAt: { type: 'string', required: true },
    notes: { type: 'string' },
    changes: { type: 'any', required: true },
  },
  indexes: {
    byEntity: {
      pk: { field: 'pk', composite: ['entityType', 'entityId'] },
      sk: { field: 'sk', composite: ['createdAt', 'id'] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
  },
});

export type ChangeLogItem = EntityItem<typeof changeLogEntity>;
