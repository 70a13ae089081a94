import type { RouteId } from '@bo/shared';

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
  // What the customer owes, for New Order's credit-hold preview (issue 23).
  'customers.getCreditStatus',
  'products.getAll',
  'products.getByID',
  'changelog.getAll',
  // An exported invoice edited: "changed since export" (issue 24).
  'accounting.orderStatus',
];
