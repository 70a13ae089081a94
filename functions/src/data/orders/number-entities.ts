import { defineEntity } from '../core';

/**
 * Order number guard: one item per number in use, created with `attribute_not_exists` in the order's
 * transaction, so two orders never share a number. Access pattern: Get by orderNum.
 */
export interface OrderNumberItem {
  orderNum: string;
  orderId: string;
}
export const orderNumberEntity = defineEntity<OrderNumberItem>()({
  entity: 'orderNumber',
  version: '1',
  primary: { pk: ['orderNum'], sk: [] },
});

/**
 * The sales-order number counter (one item, name `salesOrders`). Access pattern: UpdateItem `ADD seq n`
 * returning the new value — each caller gets its own numbers, also under concurrency; numbers are never
 * reused (a number taken by an order that is then not saved is a gap).
 */
export interface OrderCounterItem {
  name: string;
  seq: number;
}
export const orderCounterEntity = defineEntity<OrderCounterItem>()({
  entity: 'orderCounter',
  version: '1',
  primary: { pk: ['name'], sk: [] },
});
