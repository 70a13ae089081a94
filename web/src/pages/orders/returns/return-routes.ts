import type { RouteId } from '@bo/shared';

/** The return lists, refreshed after a return or a confirmed restock. */
export const RETURN_LIST_ROUTES: RouteId[] = [
  'returns.getByOrder',
  'returns.getByCustomer',
  'returns.getAll',
  'returns.getById',
  'changelog.getAll',
];

/**
 * What a new return makes stale: the return lists; the order (its balance, payment status and returns) in every
 * list, receivables, the customer's credit, what they owe and their statement; stock and the products' history
 * (restocked units).
 */
export const RETURN_QUERY_ROUTES: RouteId[] = [
  ...RETURN_LIST_ROUTES,
  'orders.getByID',
  'orders.getByCustomer',
  'orders.getByWeek',
  'orders.getMyDeliveries',
  'customers.getAllOrders',
  'customers.getAvailableCredit',
  'customers.getCreditStatus',
  'customers.getByID',
  'customers.getAll',
  'customers.getStatement',
  'payments.getByOrder',
  'payments.getByCustomer',
  'payments.receivables',
  'products.getAll',
  'products.getByID',
];
