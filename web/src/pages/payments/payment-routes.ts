import type { RouteId } from '@bo/shared';

/**
 * The cached answers a saved payment makes stale (`invalidateRoutes(queryClient, PAYMENT_QUERY_ROUTES)`): the
 * payment lists and receivables, the orders it paid (balances, payment statuses), the customer's credit and what
 * they owe (New Order's credit-hold preview).
 */
export const PAYMENT_QUERY_ROUTES: RouteId[] = [
  'payments.getAll',
  'payments.getById',
  'payments.getByCustomer',
  'payments.getByOrder',
  'payments.receivables',
  'orders.getByID',
  'orders.getByCustomer',
  'orders.getByWeek',
  'orders.getPendingOrders',
  'customers.getAllOrders',
  'customers.getAvailableCredit',
  'customers.getCreditStatus',
  'customers.getByID',
  'customers.getAll',
  'changelog.getAll',
];
