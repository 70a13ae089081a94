import { Entity } from 'electrodb';

/**
 * The sales-order number counter (one item).
 * Access patterns:
 * - byName: UpdateItem `ADD seq 1` returning the new value — each caller gets its own number, also under
 *   concurrency; numbers are never reused (a number taken by an order that is then not saved is a gap).
 */
export const orderCounterEntity = new Entity({
  model: { entity: 'orderCounter', version: '1', service: 'bo' },
  attributes: {
    name: { type: 'string', required: true, readOnly: true },
    seq: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byName: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } },
  },
});
