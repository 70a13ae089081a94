import { RESERVING_STATUSES, type Order } from '@bo/shared';

export const ORDER_VIEW_TEXT = {
  title: 'Order',
  close: 'Close',
  markDelivered: 'Mark delivered',
  yourDelivery: 'Your delivery',
  markWhenHanded: 'Mark it delivered once the customer has it.',
  noNotes: 'No notes',
  noLines: 'No products on this order',
  loading: 'Loading order',
  notFound: 'Order not found.',
  loadFailed: 'The order could not be loaded.',
} as const;

/**
 * A delivery the signed-in driver may still mark delivered: assigned to them, a delivery (not a pickup) and
 * open — what `orders/getMyDeliveries` lists and `orders/setStatus` accepts from a driver.
 */
export const isOpenDeliveryOf = (
  order: Pick<Order, 'driverId' | 'pickupOrder' | 'orderStatus'>,
  userId: string,
): boolean => !order.pickupOrder && order.driverId === userId && RESERVING_STATUSES.includes(order.orderStatus);
