import { Entity, type EntityItem } from 'electrodb';
import { ROLES } from '@bo/shared';

/**
 * User profile, mirroring a Cognito user (id = Cognito `sub`).
 * Access patterns:
 * - byId: get one profile — pk user id.
 * - all (gsi1): every profile in one partition, for the Users page and the drivers list (staff counts stay small).
 */
export const userEntity = new Entity({
  model: { entity: 'user', version: '1', service: 'bo' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    username: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    role: { type: 'set', items: [...ROLES], required: true },
    title: { type: 'string' },
    avatar: { type: 'string' },
    userBrands: { type: 'list', items: { type: 'string' } },
    userCustomers: { type: 'list', items: { type: 'string' } },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    modifiedOn: {
      type: 'string',
      required: true,
      default: () => new Date().toISOString(),
      watch: '*',
      set: () => new Date().toISOString(),
    },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['id'] } },
  },
});

export type UserItem = EntityItem<typeof userEntity>;
