import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import type { Order } from '@bo/shared';
import { canOpen } from '../access/pages';
import { canCall } from '../access/route-access';
import { fetchApi, prefetchApi, type ApiCall } from '../api/prefetch';
import type { Session } from '../auth/session-types';
import { rangeInterval } from '../components/range-filter-config';
import { batchedProductIds } from '../pages/orders/builder/order-batches';
import { DEFAULT_RANGE as ORDERS_DEFAULT_RANGE } from '../pages/orders/orders-config';
import {
  DEFAULT_RANGE as PAYMENTS_DEFAULT_RANGE,
  EMPTY_QUERY as NO_PAYMENT_FILTER,
  listQueryFor as paymentsQueryFor,
} from '../pages/payments/payments-config';
import { currentPeriod, periodParams } from '../pages/payroll/payroll-routes';
import {
  DEFAULT_RANGE as PURCHASES_DEFAULT_RANGE,
  EMPTY_QUERY as NO_PURCHASE_FILTER,
  listQueryFor as purchasesQueryFor,
} from '../pages/purchases/purchases-config';
import type { AppRouter } from './App';
import type { RouteHandle } from './route-handle';

/**
 * What a route's screen asks for as it opens, exactly as its `useApiQuery` calls ask (the same key); `next`, the
 * calls it makes from those answers (given in the order of `calls`, undefined where one failed or was not asked).
 */
export interface Prefetch {
  calls: ApiCall[];
  next?: (answers: unknown[]) => ApiCall[];
}
export type RoutePrefetch = (params: Params, session: Session) => Prefetch;

/** The signed-in frame: the user's own name in the top navigation. */
export const shellQueries: RoutePrefetch = (_params, session) => ({
  calls: [['users.getById', { params: { id: session.userId } }]],
});

const EDITOR_LISTS: ApiCall[] = [
  ['brands.getAll', {}],
  ['products.getProductTypes', {}],
  ['customers.getAll', {}],
  ['orders.getLocations', {}],
  ['users.getDrivers', {}],
  ['orders.getPendingOrderItemsForTags', {}],
];

/**
 * An order's page: the order, and for those who may change it the editor's lists, then, from the order, the
 * customer's prices and the batches of its lines (the editor draws once all are in). Not the catalogue: only the
 * folded product menu reads it, and the editor asks for it once drawn, so the first screen's calls go first.
 */
export const orderPageQueries: RoutePrefetch = ({ orderNum = '' }, { roles }) => {
  const order: ApiCall = ['orders.getByID', { params: { id: orderNum } }];
  if (!canCall('orders.update', roles))
    return { calls: [order, ['orders.getLocations', {}], ['users.getDrivers', {}]] };
  return {
    calls: [order, ...EDITOR_LISTS],
    next: ([found]) => {
      const current = (found as { res?: Order } | undefined)?.res;
      if (!current) return [];
      return [
        ['customers.getCustomPricing', { params: { id: current.customerID } }],
        ...batchedProductIds(current).map((id): ApiCall => ['products.getByID', { params: { id } }]),
      ];
    },
  };
};

/**
 * The lists read by date, over the range each opens on with no filter: the pages' own range and query builders,
 * the interval measured now as the page measures it.
 */
export const ordersQueries: RoutePrefetch = () => {
  const interval = rangeInterval(ORDERS_DEFAULT_RANGE, new Date());
  return { calls: interval ? [['orders.getByWeek', { params: { fromISO: interval.from, toISO: interval.to } }]] : [] };
};

export const paymentsQueries: RoutePrefetch = () => {
  const interval = rangeInterval(PAYMENTS_DEFAULT_RANGE, new Date());
  return {
    calls: interval ? [['payments.getAll', { query: paymentsQueryFor(interval, NO_PAYMENT_FILTER, new Map()) }]] : [],
  };
};

export const purchasesQueries: RoutePrefetch = () => {
  const interval = rangeInterval(PURCHASES_DEFAULT_RANGE, new Date());
  const list: ApiCall[] = interval
    ? [['purchases.getAll', { query: purchasesQueryFor(interval, NO_PURCHASE_FILTER, new Map()) }]]
    : [];
  return { calls: [['brands.getAll', {}], ...list] };
};

/** Payroll opens on the pay period today falls in. */
export const payrollQueries: RoutePrefetch = () => {
  const { year, month, payPeriod } = currentPeriod();
  return { calls: [['payroll.get', { params: periodParams(year, month, payPeriod) }]] };
};

/** Screens whose first answers need nothing but the route: the GETs, in the order the screen asks. */
export const listQueries =
  (...calls: ApiCall[]): RoutePrefetch =>
  () => ({ calls });

/** Each route's prefetch, by the name its handle gives (`RouteHandle.prefetch`). */
export const ROUTE_PREFETCH = {
  shell: shellQueries,
  users: listQueries(['users.getAll', {}]),
  products: listQueries(['products.getAll', {}], ['purchases.getOnOrder', {}], ['preferences.getFilters', {}]),
  brands: listQueries(['brands.getBrandsWithProductCount', {}]),
  inventory: listQueries(['brands.getAll', {}], ['products.getAll', {}]),
  customers: listQueries(['customers.getAll', {}], ['users.getAll', {}]),
  orders: ordersQueries,
  order: orderPageQueries,
  purchases: purchasesQueries,
  payments: paymentsQueries,
  receivables: listQueries(['payments.receivables', {}]),
  deliveries: listQueries(['orders.getMyDeliveries', {}], ['orders.getLocations', {}]),
  payroll: payrollQueries,
} satisfies Record<string, RoutePrefetch>;

export type PrefetchKey = keyof typeof ROUTE_PREFETCH;

/**
 * On opening the app with a session (a reload, a link from another tab), asks for the matched routes' data
 * at once, while the frame and page chunks load and render, instead of once the page has rendered. Only calls
 * these roles may make, and only for a page they may open; the screens' own queries pick up the answers.
 * Settles when every call it made has (a failed one too: its screen reports it).
 */
export function prefetchRoute(router: AppRouter, queryClient: QueryClient, session: Session): Promise<void> {
  const allowed = (call: ApiCall) => canCall(call[0], session.roles);
  const settled: Promise<unknown>[] = [];
  for (const match of router.state.matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (!handle?.prefetch) continue;
    if (handle.page && !canOpen(handle.page, session.roles)) continue;
    const { calls, next } = ROUTE_PREFETCH[handle.prefetch](match.params, session);
    const answers = calls.map((call) =>
      allowed(call) ? fetchApi(queryClient, call).catch(() => undefined) : Promise.resolve(undefined),
    );
    settled.push(...answers);
    if (next)
      settled.push(
        Promise.all(answers).then((got) =>
          Promise.all(
            next(got)
              .filter(allowed)
              .map((call) => prefetchApi(queryClient, call)),
          ),
        ),
      );
  }
  return Promise.all(settled).then(() => undefined);
}
