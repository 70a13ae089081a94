import type { RouteId } from '@bo/shared';
import { defaultDeliveryDate } from '@bo/shared';

/** Routes whose answers change when an order is created or updated (stock, batches, lists). */
export const ORDER_QUERY_ROUTES: RouteId[] = [
  'orders.getByID',
  'orders.getPendingOrders',
  'orders.getPendingOrderItemsForTags',
  'orders.getPendingOutboundStock',
  'orders.getByCustomer',
  'orders.getByWeek',
  'orders.getMyDeliveries',
  'customers.getAllOrders',
  'products.getAll',
  'products.getByID',
  'changelog.getAll',
];

/** Today in the browser's time zone (spec section 4: the default delivery date). */
export const today = (): string =>
  defaultDeliveryDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/** The order page's address (opened in a new tab from lists and notifications). */
export const orderHref = (orderNum: string): string => `/orders/${encodeURIComponent(orderNum)}`;
